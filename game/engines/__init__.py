"""Protocol adapters (no pygame): Plies speaking the engine protocols of its field.

* ``pbrain``: the Gomocup ("pbrain") protocol with the Yixin-Board extensions, so a
  Gomoku manager (Piskvork, Yixin-Board) can load ``plies engine gomoku``;
* ``nboard``: the NBoard protocol, so the NBoard GUI can load ``plies engine othello``;
* ``external``: the other way round, an outside program speaking one of them as a
  player inside Plies (``plies match --a engine="CMD ARGS"``);
* ``thinking``: what the two engine sides share: a search on its own thread that a
  reader thread can stop (answer now) or abort (answer never), and a locked output.
"""
