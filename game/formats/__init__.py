"""Record formats of the field, one module each: ``psq`` (Piskvork's Gomoku games),
``ggf`` (Othello games of GGS and NBoard), ``obf`` (Othello positions with scored
moves). They turn text into plain data and back; ``game.records`` makes records of it.
"""
