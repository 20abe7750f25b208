"""Protocol adapters (no pygame): Plies speaking the engine protocols of its field.

* ``pbrain``: the Gomocup ("pbrain") protocol with the Yixin-Board extensions, so a
  Gomoku manager (Piskvork, Yixin-Board) can load ``plies engine gomoku``;
* ``nboard``: the NBoard protocol, so the NBoard GUI can load ``plies engine othello``;
* ``gtp``: GTP for Othello both ways (``plies engine othello --protocol gtp`` for Quarry
  and GTP managers; GRhino, ``edax -gtp`` as players);
* ``external``: the other way round, an outside program speaking one of them as a
  player inside Plies (``plies match --a engine="CMD ARGS"``); ``detect`` asks it which
  protocol it speaks, ``found`` lists the engines installed on this system by name;
* ``thinking``: what the two engine sides share: a search on its own thread that a
  reader thread can stop (answer now) or abort (answer never), and a locked output.
"""
