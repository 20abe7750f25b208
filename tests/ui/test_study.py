"""A game opened from a file (Open, ``plies FILE``, a paste) opens for study.

Nobody moves until the person presses Play (``P`` or the Play button): the computer
whose turn it is waits, the person may move either side meanwhile, and the names an
outside program wrote into the file (GGF ``PB``/``PW``, a psq file's players) are kept
and shown beside the players.
"""

from __future__ import annotations

import time

import pygame

from game import records
from game.formats import load_record, save_record
from game.formats.plies_json import record_from_json, record_to_json
from game.rules import new_game
from game.ui import draw
from tests.ui.helpers import HUMAN, computer, post_click, post_key, post_text

CTRL = pygame.KMOD_CTRL


def frames_for(app, seconds: float) -> None:
    """Run the real loop for ``seconds`` of wall time (the computer's delay is real time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.frame(block=False)
        time.sleep(0.005)


def save(folder, name, moves, players):
    game = new_game("othello")
    game.play_moves(moves)
    path = folder / name
    save_record(path, records.record_from_game(game, players))
    return path


def test_an_opened_game_waits_for_play_then_the_computer_moves(make_app, tmp_path):
    # White (the computer, level 1) is to move after f5.
    path = save(tmp_path, "study.json", "f5", [HUMAN, computer(1)])
    app = make_app()
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    app.run_frames(2)
    post_key(pygame.K_o, CTRL)
    app.run_frames(2)
    post_key(pygame.K_a, CTRL)
    post_text(str(path))
    post_key(pygame.K_RETURN)
    app.run_frames(3)
    play = app.play
    assert play.game.name == "othello" and play.game.ply == 1
    assert play.session.study
    frames_for(app, 0.8)  # with animations off a level-1 computer moves at once when it may
    assert play.game.ply == 1 and play.session.pending in (None, "analysis")
    text, _ = play.status_text()
    assert "Play (P)" in text, text
    assert play.b_play_on.visible
    post_key(pygame.K_p, 0, "p")
    assert app.pump_until(lambda: play.game.ply == 2, 20), play.session.recent_messages
    assert not play.session.study and not play.b_play_on.visible


def test_in_study_the_person_moves_either_side_and_undo_takes_one_move(make_app, tmp_path):
    path = save(tmp_path, "either.json", "f5", [HUMAN, computer(1)])
    record = load_record(path)
    app = make_app()
    app.show_game(records.record_to_game(record), record.players, path.name)
    app.run_frames(2)
    play = app.play
    assert play.session.human_to_move()  # White, the computer's side, is the person's now
    cell = play.game.move_cell(play.game.parse_move("d6"))
    post_click(play.view.cell_center(cell))
    app.run_frames(2)
    assert play.game.moves_text() == "f5d6"
    frames_for(app, 0.5)
    assert play.game.ply == 2  # Black is a person anyway; nothing moved by itself
    post_key(pygame.K_z, CTRL)
    app.run_frames(2)
    assert play.game.moves_text() == "f5"
    # The Play button in the status line does what P does.
    post_click(play.b_play_on.rect.center)
    assert app.pump_until(lambda: play.game.ply == 2, 20)


def test_a_paste_opens_for_study(make_app):
    app = make_app()
    app.settings.last_players["othello"] = [HUMAN, computer(1)]
    app.start_game(new_game("connect4"), [HUMAN, HUMAN])
    app.run_frames(1)
    pygame.scrap.put_text("f5")
    post_key(pygame.K_v, CTRL)
    app.run_frames(3)
    play = app.play
    assert play.game.name == "othello" and play.session.study
    frames_for(app, 0.5)
    assert play.game.ply == 1


def test_a_game_started_from_the_start_screen_is_not_a_study(make_app):
    app = make_app()
    app.start_game(new_game("othello"), [computer(1), HUMAN])
    assert not app.play.session.study
    assert app.pump_until(lambda: app.play.game.ply == 1, 20)


GGF = ("(;GM[Othello]PC[NBoard]PB[Edax 4.4]PW[chris]RE[?]TY[8]BO[8 "
       + "-" * 27 + "O*------*O" + "-" * 27 + " *]B[f5]W[d6];)")


def test_ggf_and_psq_player_names_are_kept_and_shown(make_app, tmp_path, monkeypatch):
    path = tmp_path / "named.ggf"
    path.write_text(GGF, encoding="utf-8")
    record = load_record(path)
    assert record.names == ["Edax 4.4", "chris"]
    # Kept: through JSON and back into GGF.
    again = record_from_json(record_to_json(record))
    assert again.names == ["Edax 4.4", "chris"]
    out = tmp_path / "again.ggf"
    save_record(out, record)
    assert "PB[Edax 4.4]" in out.read_text() and "PW[chris]" in out.read_text()
    # Shown beside the players.
    app = make_app((800, 560))
    app.show_game(records.record_to_game(record), record.players, path.name,
                  names=record.names)
    drawn: list[str] = []
    real = draw.blit_text
    monkeypatch.setattr(draw, "blit_text", lambda s, text, *a, **k: drawn.append(text)
                        or real(s, text, *a, **k))
    app.draw(app.screen)
    monkeypatch.setattr(draw, "blit_text", real)
    assert any(t.startswith("Edax 4.4") for t in drawn), drawn
    assert any(t.startswith("chris") for t in drawn), drawn
    # The autosave keeps them too.
    assert app.play.session.record().names == ["Edax 4.4", "chris"]
    # A psq file: Piskvork writes the two programs after the moves, then a result code.
    psq = tmp_path / "named.psq"
    psq.write_text("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,10\npbrain-one.exe\n"
                   "pbrain-two.exe\n-1\n", encoding="utf-8")
    assert load_record(psq).names == ["pbrain-one.exe", "pbrain-two.exe"]


def test_names_that_are_not_text_are_refused_or_cleaned():
    game = new_game("othello")
    record = records.record_from_game(game, [HUMAN, HUMAN])
    record.names = ["a\x1b[31mb" + "x" * 100, ""]
    again = record_from_json(record_to_json(record))
    assert again.names is not None and again.names[1] is None
    assert "\x1b" not in again.names[0] and len(again.names[0]) == records.NAME_LENGTH
    bad = record_to_json(record).replace('"names"', '"names": 5, "x"')
    try:
        record_from_json(bad)
    except records.RecordError as error:
        assert "names" in str(error)
    else:
        raise AssertionError("a names entry that is not two names was accepted")


def test_study_rings_the_best_move_and_the_graph_jumps_to_a_move(make_app, tmp_path):
    path = save(tmp_path, "graph.json", "f5d6c3d3c4", [HUMAN, computer(1)])
    record = load_record(path)
    app = make_app()
    app.show_game(records.record_to_game(record), record.players, path.name)
    play = app.play
    s = play.session
    assert s.analysis_on  # study opens with the best moves shown
    assert app.pump_until(lambda: s.analysis is not None and s.analysis.lines, 20)
    best = s.analysis.lines[0].move
    assert best in play.game.legal_moves()
    assert play.board_overlay().hint == play.game.move_cell(best)
    # Give every position a score (as a finished review or a saved game would), then
    # click the graph at its left end: the start; at the middle: move 2 of 5.
    for ply in range(6):
        s.evals.setdefault(ply, s.evaluation(0, False, 0))
    app.run_frames(1)
    graph = play.panel.graph_rect()
    inner = graph.inflate(-8, -8)
    post_click((inner.x + 1, graph.centery))
    app.run_frames(2)
    assert play.game.ply == 0 and len(s.redo) == 5
    post_click((inner.x + inner.width * 2 / 10, graph.centery))  # ten moves wide
    app.run_frames(2)
    assert play.game.moves_text() == "f5d6"
    frames_for(app, 0.5)
    assert play.game.ply == 2  # still studying: the computer waits


def test_the_graph_does_not_take_back_moves_against_the_computer(make_app):
    game = new_game("othello")
    game.play_moves("f5d6")
    app = make_app()
    app.start_game(game, [HUMAN, computer(1)], remember=False)
    play = app.play
    play.session.evals.update({p: play.session.evaluation(0, False, 0) for p in range(3)})
    app.run_frames(1)
    graph = play.panel.graph_rect()
    post_click((graph.x + 5, graph.centery))
    app.run_frames(2)
    assert play.game.ply == 2
    assert "study" in play.status_text()[0]
