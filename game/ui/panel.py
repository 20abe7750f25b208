"""The side panel: players and counts, the evaluation bar and graph, the search, the moves.

Three cards, top to bottom:

* **Players** — each side's piece, who plays it, its piece count, and a "to move" /
  "thinking" tag on the side to move;
* **Analysis** — the evaluation bar (the first player's share), its value (or "wins
  in N"), a graph of the evaluation over the game, and the live search: depth, nodes,
  time, best move so far and its line;
* **Analysis** (when opened, A) — the best moves of the position with their winning
  chances and lines, updating per depth, and why the best one (the evaluator's terms
  at the ends of the two best lines); a hovered or selected line is previewed on the
  board;
* **Moves** — the move list in notation, numbered, scrollable, the latest move kept in
  view; undone moves that Redo would replay are shown faded (hidden when the window is
  too short for both it and the analysis).

Every score is from ``Session.view_side``'s view, which the Evaluation card names.
"""

from __future__ import annotations

import pygame

from ai.evaluators.base import WIN, is_proven
from ai.explain.scores import Evaluation, one_decimal
from ai.explain.why import Why, compared_line, exact_summary, summary, tied_with_best
from ai.search import TopMoves
from game.clock import clock_text
from game.i18n import N_, _, ngettext, number
from game.rules import PASS
from game.ui import draw
from game.ui.session import ANALYSIS_LINES, Session, is_computer
from game.ui.boards.tictactoe import draw_mark
from game.ui.theme import RGB, BoardColours, Theme, icon_outline, luminance, mix, visible_on

ROW_HEIGHT = 26
GAP = 12
LINE_ROW = 44
"""Height of one analysis line (move and chance; its moves below)."""


def compact_count(n: int) -> str:
    """``950`` -> ``"950"``, ``12345`` -> ``"12.3k"``, ``2500000`` -> ``"2.50M"`` (the
    language's decimal mark)."""
    if n < 1000:
        return str(n)
    if n < 1_000_000:
        # Translators: a count in thousands, abbreviated ("12.3k" nodes).
        return _("{thousands}k").format(thousands=one_decimal(n / 1000))
    # Translators: a count in millions, abbreviated ("2.50M" nodes).
    # round() first: Babel rounds the decimal string (1.005 -> "1.00"), English rounded
    # the float's own value as f"{x:.2f}" does. Grouped only past a billion nodes.
    return _("{millions}M").format(millions=number(round(n / 1_000_000, 2), 2))


def _lead(session: Session) -> int:
    """1 when the game's first move was the second player's (a set-up position), else 0:
    the move list then leaves the first player's cell of row 1 empty. Every move, a pass
    too, changes the side to move, so the start's side is ``(turn + ply) % 2``."""
    game = session.game
    return (game.turn + game.ply) % 2


class Panel:
    """Draws the side panel for a session; owns only the move list's scroll position."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.players_rect = pygame.Rect(0, 0, 0, 0)
        self.analysis_rect = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.lines_rect = pygame.Rect(0, 0, 0, 0)
        self.value_rect = pygame.Rect(0, 0, 0, 0)
        """Where the evaluation's value is written (a click there switches the units)."""
        self.analysis_open = False
        self.hover_line: int | None = None
        self.scroll = 0
        self.follow = True
        self.graph_height = 70
        self.row_height = 56

    def layout(self, rect: pygame.Rect, analysis: bool | None = None) -> None:
        """Place the cards in ``rect``; ``analysis``: whether the analysis card is open."""
        if analysis is not None:
            self.analysis_open = analysis
        self.rect = pygame.Rect(rect)
        x, w = rect.x, rect.width
        compact = rect.height < 560
        self.row_height = 46 if compact else 56
        players_h = 2 * self.row_height + (14 if compact else 20)
        self.graph_height = 34 if compact else 70
        # With the analysis card open, it shows the search: the three lines go.
        lines_h = 0 if self.analysis_open else 3 * 20
        analysis_h = 30 + 28 + 10 + self.graph_height + 10 + lines_h + (6 if compact else 14)
        self.players_rect = pygame.Rect(x, rect.y, w, players_h)
        self.analysis_rect = pygame.Rect(x, self.players_rect.bottom + GAP, w, analysis_h)
        top = self.analysis_rect.bottom + GAP
        self.lines_rect = pygame.Rect(x, top, w, 0)
        if self.analysis_open:
            want = 40 + ANALYSIS_LINES * LINE_ROW + 4 + 2 * 20 + 24
            room = rect.bottom - top
            height = want if room >= want + GAP + 90 else room
            self.lines_rect = pygame.Rect(x, top, w, height)
            top = self.lines_rect.bottom + GAP
        self.moves_rect = pygame.Rect(x, top, w, max(0, rect.bottom - top))
        if self.moves_rect.height < 90:
            self.moves_rect.height = 0  # no room: the analysis card took it

    # --- the move list's scrolling ---------------------------------------------------------

    def list_area(self) -> pygame.Rect:
        return pygame.Rect(self.moves_rect.x + 10, self.moves_rect.y + 40,
                           self.moves_rect.width - 20, self.moves_rect.height - 48)

    def visible_rows(self) -> int:
        return max(1, self.list_area().height // ROW_HEIGHT)

    def total_rows(self, session: Session) -> int:
        return (len(session.game.move_stack) + len(session.redo) + _lead(session) + 1) // 2

    def follow_latest(self, session: Session) -> None:
        """Scroll so that the latest played move is in view."""
        current_row = max(0, (session.game.ply - 1 + _lead(session)) // 2)
        rows = self.visible_rows()
        if current_row >= self.scroll + rows:
            self.scroll = current_row - rows + 1
        elif current_row < self.scroll:
            self.scroll = current_row
        self.scroll = max(0, min(self.scroll, max(0, self.total_rows(session) - rows)))

    def handle_wheel(self, pos: tuple[int, int], dy: int, session: Session) -> bool:
        if not self.moves_rect.collidepoint(pos):
            return False
        most = max(0, self.total_rows(session) - self.visible_rows())
        self.scroll = max(0, min(most, self.scroll - dy * 2))
        return True

    # --- drawing -------------------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface, theme: Theme) -> None:
        """The cards without their content (cacheable with the background)."""
        for rect in (self.players_rect, self.analysis_rect, self.lines_rect, self.moves_rect):
            if rect.height > 0:
                draw.card(surface, rect, theme.card, theme.card_border, 12,
                          theme.shadow_alpha, theme.border_width)

    def static_key(self) -> tuple:
        """What ``draw_static`` depends on besides theme and size (the scene's cache key)."""
        return (tuple(self.analysis_rect), tuple(self.lines_rect), tuple(self.moves_rect))

    # --- the analysis card's lines -------------------------------------------------------

    def line_rect(self, index: int) -> pygame.Rect:
        """The row of analysis line ``index`` (hover and click target)."""
        r = self.lines_rect
        return pygame.Rect(r.x + 8, r.y + 40 + index * LINE_ROW, r.width - 16, LINE_ROW - 4)

    def graph_rect(self) -> pygame.Rect:
        """Where the evaluation graph is (under the evaluation bar)."""
        rect = self.analysis_rect
        return pygame.Rect(rect.x + 16, rect.y + 38 + 22 + 10, rect.width - 32,
                           self.graph_height)

    def ply_at(self, pos: tuple[int, int], session: Session) -> int | None:
        """The position (its number of moves played) the graph shows at ``pos``, or
        ``None`` off the graph; within the moves played and undone."""
        rect = self.graph_rect()
        if not rect.collidepoint(pos) or not session.evals:
            return None
        inner = rect.inflate(-8, -8)
        played = len(session.game.move_stack) + len(session.redo)
        total = max(played, 10)
        ply = round((pos[0] - inner.x) / max(1, inner.width) * total)
        return max(session.game.ply - len(session.game.move_stack), min(played, ply))

    def line_at(self, pos: tuple[int, int], session: Session) -> int | None:
        """The analysis line under ``pos``, if the card shows one there."""
        if not self.analysis_open or session.analysis is None:
            return None
        for index in range(len(session.analysis.lines)):
            if self.line_rect(index).collidepoint(pos):
                return index
        return None

    def draw(self, surface: pygame.Surface, theme: Theme, session: Session, time: float) -> None:
        """The cards' content (over ``draw_static``)."""
        self._players(surface, theme, session, time)
        self._analysis(surface, theme, session)
        if self.analysis_open and self.lines_rect.height > 0:
            self._lines(surface, theme, session)
        if self.moves_rect.height > 0:
            self._moves(surface, theme, session)

    def _card(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect,
              title: str | None = None, width: int | None = None) -> None:
        """The card's title in capitals (smaller, down to 13, where ``width`` is short)."""
        if title:
            draw.blit_text(surface, title.upper(), 18, theme.text_dim, (rect.x + 16, rect.y + 14),
                           bold=True, max_width=width, min_size=13 if width else None)

    def _players(self, surface: pygame.Surface, theme: Theme, session: Session,
                 time: float) -> None:
        rect = self.players_rect
        self._card(surface, theme, rect)
        game = session.game
        colours = theme.board(game.name)
        counts = game.counts()
        over = session.is_over()
        outcome = session.outcome()
        for side in (0, 1):
            rh = self.row_height
            row = pygame.Rect(rect.x + 8, rect.y + (7 if rh < 56 else 10) + side * rh,
                              rect.width - 16, rh - 4)
            to_move = not over and game.turn == side
            won = over and outcome is not None and outcome.winner == side
            if to_move or won:
                tint = mix(theme.card, theme.accent, 0.12 if theme.name != "high-contrast" else 0)
                draw.rounded_rect(surface, row, tint, 10, 2 if theme.name == "high-contrast"
                                  else 0, theme.accent)
                bar = pygame.Rect(row.x + 1, row.y + 10, 4, row.height - 20)
                draw.rounded_rect(surface, bar, theme.accent, 2)
            centre = (row.x + 30, row.centery)
            side_piece(surface, game.name, colours, side, centre, 15, theme.card)
            name = _(game.side_names[side])
            who = session.side_label(side)
            # Othello's count is the score (big); elsewhere it only counts pieces
            # played, so it is small and says what it counts ("9 discs").
            scored = game.name == "othello"
            count_text = str(counts[side]) if scored else _pieces_text(game.name, counts[side])
            cw = draw.text_size(count_text, 34, True)[0] if scored \
                else draw.text_size(count_text, 17)[0]
            text_w = row.width - 60 - cw - 20
            # A piece count sits beside the name, so the detail below has the row's width.
            detail_w = text_w if scored else row.width - 60 - 14
            # A clock: left of Othello's score; elsewhere on the name's line, at the
            # right, with the piece count moved under it (beside the detail).
            count_y = row.centery - 6
            left = None if session.clock is None else session.clock.remaining(side)
            if left is not None:
                y = row.centery if scored else row.centery - 7
                clock_w = self._clock(surface, theme, session, side, left,
                                      row.right - 14 - (cw + 16 if scored else 0), y)
                if scored:
                    text_w -= clock_w
                    detail_w -= clock_w
                else:
                    text_w -= max(0, clock_w - cw - 20)
                    detail_w -= cw + 12
                    count_y = row.centery + 14
            tag = ""
            if to_move:
                # Translators: the small tags beside a player's name (keep them short).
                tag = _("passes") if session.forced_pass() else _("to move")
                if is_computer(session.players[side]):
                    if session.pending == "move" and not session.forced_pass():
                        tag = _("thinking") + "." * (1 + int(time * 3) % 3)
                    if session.paused and session.demo:
                        tag = _("paused")
            elif won:
                tag = _("winner")
            top = row.centery - 18
            name_rect = draw.blit_text(surface, name, 25, theme.text, (row.x + 54, top),
                                       max_width=text_w, bold=True)
            if tag:
                pill_w = draw.text_size(_("thinking") + "...", 17)[0] + 14
                pill = pygame.Rect(name_rect.right + 10, top - 1, pill_w, 20)
                if pill.right <= row.x + 54 + text_w:
                    draw.rounded_rect(surface, pill, theme.accent, 10)
                    draw.blit_text(surface, tag, 17, theme.accent_text,
                                   (pill.x + 7, pill.centery), "midleft")
            level = session.level_label(side)
            detail = f"{who} · {level}" if level else (
                _("You") if who == _("You") else _("A person"))
            if session.study and is_computer(session.players[side]):
                detail = _("Computer · waits for Play (P)")
            name_of = session.names[side]  # the player the opened file names
            if name_of:
                # The name first; what Plies adds only where it fits beside it.
                full = f"{name_of} · {detail}"
                detail = full if draw.text_size(full, 15)[0] <= detail_w else name_of
            draw.blit_text(surface, detail, 19, theme.text_dim, (row.x + 54, top + 23),
                           max_width=detail_w, min_size=15)
            if scored:
                draw.blit_text(surface, count_text, 34, theme.text,
                               (row.right - 14, row.centery), "midright", bold=True)
            else:
                draw.blit_text(surface, count_text, 17, theme.text_dim,
                               (row.right - 14, count_y), "midright")

    def _clock(self, surface: pygame.Surface, theme: Theme, session: Session, side: int,
               left: float, right: int, y: int) -> int:
        """``side``'s clock at the right of its row (left of Othello's count), the running
        one boxed in the accent colour, the last ten seconds (and a fallen flag) in red;
        returns the width it takes from the text."""
        clock = session.clock
        assert clock is not None
        running = clock.running == side
        text = clock_text(left)
        low = left <= 10 or session.flag == side
        size = 22 if self.row_height >= 56 else 20
        w, h = draw.text_size(text, size, True)
        box = pygame.Rect(0, 0, w + 14, h + 4)
        box.midright = (right, y)
        if running:
            fill = theme.card if theme.name == "high-contrast" else \
                mix(theme.card, theme.accent, 0.18)
            draw.rounded_rect(surface, box, fill, 6, 2 if theme.name == "high-contrast" else 1,
                              theme.accent)
        colour = theme.danger if low else theme.text if running else theme.text_dim
        draw.blit_text(surface, text, size, colour, (box.right - 7, box.centery), "midright",
                       bold=True)
        return box.width + 10

    def _analysis(self, surface: pygame.Surface, theme: Theme, session: Session) -> None:
        rect = self.analysis_rect
        game = session.game
        colours = theme.board(game.name)
        view = session.view_side
        found = session.current_evaluation()
        ev: Evaluation | None = found[0] if found else None
        value = session.score_text(ev) if ev \
            else _("{side}'s view").format(side=_(game.side_names[view]))
        outcome = session.outcome()
        if outcome is not None:  # the game's own verdict replaces any estimate
            if outcome.winner is None:
                ev, value = Evaluation(0, 1, exact=True), _("Draw")
            else:
                ev = Evaluation(WIN if outcome.winner == 0 else -WIN, 1, exact=True)
                value = _("{side} won").format(side=_(game.side_names[outcome.winner]))
        room = rect.width - 130  # smaller where a language's verdict is longer
        self.value_rect = draw.blit_text(surface, value, 22, theme.text,
                                         (rect.right - 16, rect.y + 12), "topright",
                                         max_width=room, min_size=15)
        # Translators: a card's title (shown in capitals); against an outside engine,
        # the bar is Plies' own search of the positions, not the engine's.
        self._card(surface, theme, rect, _("Evaluation: Plies' view") if session.plies_view
                   else _("Evaluation"), self.value_rect.x - rect.x - 16 - 10)
        bar = pygame.Rect(rect.x + 16, rect.y + 38, rect.width - 32, 22)
        # The viewer's colour fills from the left, as far as the viewer's chance goes.
        frac = ev.chance(view) if ev else 0.5
        left_w = round(bar.width * frac)
        c0, c1 = (bar_fill(c, theme.card) for c in colours.pieces)
        pieces = colours.pieces if view == 0 else colours.pieces[::-1]
        if view == 1:
            c0, c1 = c1, c0
        halves = (pygame.Rect(bar.x, bar.y, left_w, bar.height),
                  pygame.Rect(bar.x + left_w, bar.y, bar.width - left_w, bar.height))
        clip = surface.get_clip()
        for half, piece, fill in zip(halves, pieces, (c0, c1)):
            if half.width <= 0:
                continue
            surface.set_clip(half.clip(clip) if clip else half)
            draw.rounded_rect(surface, bar, fill, 8)
            # A piece colour that melts into the card (Black on high contrast's black)
            # gets its own rim, so its share of the bar stays visible.
            rim = icon_outline(fill, theme.card)
            if rim is not None:
                rim = visible_on(piece, theme.card, 7.0)
                pygame.draw.rect(surface, rim, bar, 2, border_radius=8)
                pygame.draw.line(surface, rim, (half.right - 1 if half.x == bar.x else half.x,
                                                bar.y), (half.right - 1 if half.x == bar.x
                                                         else half.x, bar.bottom - 1), 2)
            surface.set_clip(clip)
        pygame.draw.line(surface, theme.text_dim, (bar.centerx, bar.y - 3),
                         (bar.centerx, bar.bottom + 2), 1)
        pygame.draw.rect(surface, theme.card_border if theme.name != "high-contrast"
                         else (255, 255, 255), bar, 1, border_radius=8)
        graph = self.graph_rect()
        self._graph(surface, theme, session, graph)
        y = graph.bottom + 10
        opening, wrapped = ([], 0) if self.analysis_open \
            else opening_lines(session, rect.width - 32)
        lines = opening or ([] if self.analysis_open else self._search_lines(session))
        for line in lines:
            # A reason wrapped smaller than usual (a longer language) keeps one size.
            size = wrapped if opening and wrapped < OPENING_SIZES[0] \
                else draw.fit_size(line, 19, rect.width - 32, 15)
            draw.blit_text(surface, line, size, theme.text_dim, (rect.x + 16, y),
                           max_width=rect.width - 32)
            y += 20

    def _graph(self, surface: pygame.Surface, theme: Theme, session: Session,
               rect: pygame.Rect) -> None:
        fill = mix(theme.card, theme.text, 0.04) if theme.name != "high-contrast" else (0, 0, 0)
        draw.rounded_rect(surface, rect, fill, 6, 1, theme.card_border)
        mid = rect.centery
        evals = sorted(session.evals.items())
        if not evals:
            side = _(session.game.side_names[session.view_side])
            draw.blit_text(surface, _("{side}'s chances over the game").format(side=side), 17,
                           theme.text_dim, rect.center, "center", max_width=rect.width - 12)
            return
        pygame.draw.line(surface, theme.card_border, (rect.x + 4, mid), (rect.right - 4, mid), 1)
        total = max(len(session.game.move_stack) + len(session.redo), 10)
        inner = rect.inflate(-8, -8)

        view = session.view_side

        def point(ply: int, ev: Evaluation) -> tuple[int, int]:
            x = inner.x + round(inner.width * ply / total)
            y = inner.bottom - round(inner.height * ev.chance(view))
            return x, y

        current_x = inner.x + round(inner.width * session.game.ply / total)
        pygame.draw.line(surface, mix(theme.accent, fill, 0.4), (current_x, rect.y + 3),
                         (current_x, rect.bottom - 3), 1)
        points = [point(p, e) for p, e in evals]
        colours = theme.board(session.game.name)
        if len(points) >= 2:
            area = pygame.Surface(rect.size, pygame.SRCALPHA)
            local = [(x - rect.x, y - rect.y) for x, y in points]
            mid_local = mid - rect.y
            poly = [(local[0][0], mid_local), *local, (local[-1][0], mid_local)]
            pygame.draw.polygon(area, (*theme.accent, 50), poly)
            surface.blit(area, rect)
            pygame.draw.aalines(surface, theme.accent, False, points)
            pygame.draw.lines(surface, theme.accent, False, points, 2)
        for (p, e), (x, y) in zip(evals, points):
            if p == session.game.ply or len(points) < 30:
                ahead = view if e.chance(view) >= 0.5 else 1 - view
                draw.aa_circle(surface, visible_on(colours.pieces[ahead], fill), (x, y), 3)

    def _search_lines(self, session: Session) -> list[str]:
        info = session.thinking
        if session.pending in ("move", "hint"):
            hint = session.pending == "hint"
            if info is None:
                return [_("Hint search…") if hint else _("Thinking…"), "", ""]
            try:
                best = session.game.move_name(info.move)
            except Exception:
                best = "?"
            ev = session.evaluation(info.score, False, session.search_side)
            # Translators: {nodes} is a count such as "12.3k"; {seconds} a number ("1.5").
            progress = _("Hint search: depth {depth} · {nodes} nodes · {seconds} s") if hint \
                else _("Thinking: depth {depth} · {nodes} nodes · {seconds} s")
            return [
                progress.format(depth=info.depth, nodes=compact_count(info.nodes),
                                seconds=one_decimal(info.seconds)),
                _("Best so far: {move}  ({score})").format(move=best,
                                                          score=session.score_text(ev)),
                _line_text(self._names(session, info.pv)),
            ]
        searched = session.last_search
        if searched is None or not searched.shown_for(session.game):
            # Translators: one sentence on two lines of the search card.
            return [_("The computer's search shows here"), _("while it thinks."), ""]
        # The search's own side and position (not whatever searched since: the analysis).
        result = searched.result
        nps = result.nodes / result.seconds if result.seconds > 0 else 0
        how = _("solved exactly") if result.exact and result.depth == 0 \
            else _("depth {depth}").format(depth=result.depth)
        ev = searched.evaluation(session.game.name)
        hint = searched.purpose == "hint"
        # Translators: {how} is "depth 12" or "solved exactly"; {nodes} a count ("12.3k").
        done = _("Hint search: {how} · {nodes} nodes · {seconds} s") if hint \
            else _("Last search: {how} · {nodes} nodes · {seconds} s")
        move, score = self._names(session, (result.move,))[0], session.score_text(ev)
        chose = _("Hint: {move} ({score})") if hint else _("Chose {move} ({score})")
        # Translators: nodes searched per second ("12.3k/s").
        speed = " · " + _("{nodes}/s").format(nodes=compact_count(int(nps))) if nps else ""
        return [
            done.format(how=how, nodes=compact_count(result.nodes),
                        seconds=one_decimal(result.seconds)),
            chose.format(move=move, score=score) + speed,
            _line_text(self._names(session, result.pv)),
        ]

    def _lines(self, surface: pygame.Surface, theme: Theme, session: Session) -> None:
        """The analysis card: the best moves, their chances and lines, and why."""
        rect = self.lines_rect
        game = session.game
        self._card(surface, theme, rect, _("Analysis"))
        top = session.analysis
        status = ""
        if session.pending == "analysis":
            status = _("searching…") if top is None \
                else _("depth {depth}…").format(depth=top.depth)
        elif top is not None:
            # Translators: the analysis searched to the game's end (an exact result).
            status = _("to the end") if top.exact else _("depth {depth}").format(depth=top.depth)
        if status:
            draw.blit_text(surface, status, 18, theme.text_dim, (rect.right - 16, rect.y + 14),
                           "topright")
        y = rect.y + 40
        if top is None or not top.lines:
            waiting = session.analysis_error or session.analysis_waits() or _("Searching…")
            for text in draw.wrap(waiting, 19, rect.width - 32)[:3]:
                draw.blit_text(surface, text, 19, theme.text_dim, (rect.x + 16, y))
                y += 22
            return
        colours = theme.board(game.name)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-4, -4))
        for index, line in enumerate(top.lines):
            row = self.line_rect(index)
            if row.bottom > rect.bottom - 4:
                break
            selected = index == self.hover_line
            if selected:
                tint = mix(theme.card, theme.accent, 0.14) if theme.name != "high-contrast" \
                    else theme.card
                draw.rounded_rect(surface, row, tint, 8, 2 if theme.name == "high-contrast"
                                  else 0, theme.accent)
            side_dot(surface, colours, game.turn, (row.x + 12, row.y + 12), 6,
                     tint if selected else theme.card)
            names = self._names(session, line.pv)
            draw.blit_text(surface, f"{index + 1}. {names[0]}", 21, theme.text,
                           (row.x + 24, row.y + 2), bold=True)
            ev = session.evaluation(line.score, top.exact, game.turn)
            draw.blit_text(surface, session.score_text(ev, line.margin, game.turn), 20,
                           theme.text,
                           (row.right - 8, row.y + 3), "topright", max_width=row.width - 110)
            # The whole line, its own first move too (as the CLI and the preview show it).
            draw.blit_text(surface, " ".join(names), 18, theme.text_dim,
                           (row.x + 24, row.y + 23), max_width=row.width - 32)
        surface.set_clip(clip)
        y = rect.y + 40 + ANALYSIS_LINES * LINE_ROW + 4
        why = session.analysis_why
        if why is not None and len(top.lines) >= 2 and y + 20 < rect.bottom:
            words, size, pitch = why_words(session, top, why), 17, 18
            rows = draw.wrap(words, size, rect.width - 32)
            # Three lines at most, all inside the card: smaller type rather than a lost line.
            while (len(rows) > 3 or y + len(rows) * pitch > rect.bottom - 4) and size > 13:
                size, pitch = size - 1, pitch - 1
                rows = draw.wrap(words, size, rect.width - 32)
            for text in rows[:3]:
                if y + pitch > rect.bottom - 4:
                    break
                draw.blit_text(surface, text, size, theme.text_dim, (rect.x + 16, y))
                y += pitch
        elif len(top.lines) == 1 and y + 20 < rect.bottom:
            only = _("The only move the search considers here.")
            draw.blit_text(surface, only, 18, theme.text_dim, (rect.x + 16, y),
                           max_width=rect.width - 32, min_size=13)
            y += 20
        tip = _("Hover a line, or [ and ], to see it on the board")
        if rect.bottom - 24 >= y:
            draw.blit_text(surface, tip, 16, theme.text_dim, (rect.x + 16, rect.bottom - 24),
                           max_width=rect.width - 32, min_size=12)

    @staticmethod
    def _names(session: Session, moves) -> list[str]:  # noqa: ANN001
        names = []
        for move in moves:
            try:
                names.append(pass_name() if move == PASS else session.game.move_name(move))
            except Exception:
                names.append("?")
        return names

    def _moves(self, surface: pygame.Surface, theme: Theme, session: Session) -> None:
        rect = self.moves_rect
        self._card(surface, theme, rect, _("Moves"))
        game = session.game
        played = [(pass_name() if m == PASS else game.move_name(m)) for m in game.move_stack]
        redo = [(pass_name() if m == PASS else game.move_name(m))
                for m in reversed(session.redo)]
        lead = _lead(session)  # a set-up position with the second player to move
        names = [""] * lead + played + redo
        if not played + redo:
            draw.blit_text(surface, _("No moves yet"), 20, theme.text_dim,
                           (rect.x + 16, rect.y + 44))
            return
        colours = theme.board(game.name)
        area = self.list_area()
        clip = surface.get_clip()
        surface.set_clip(area)
        rows = self.visible_rows()
        col_w = (area.width - 44) // 2
        for r in range(self.scroll, min(self.total_rows(session), self.scroll + rows + 1)):
            y = area.y + (r - self.scroll) * ROW_HEIGHT
            draw.blit_text(surface, f"{r + 1}.", 20, theme.text_dim, (area.x + 34, y + 5),
                           "topright")
            for side in (0, 1):
                i = 2 * r + side
                if i >= len(names):
                    break
                if i < lead:
                    continue
                cell = pygame.Rect(area.x + 44 + side * col_w, y + 1, col_w - 6, ROW_HEIGHT - 2)
                latest = i == len(played) + lead - 1
                colour = theme.text if i < len(played) + lead else theme.disabled_text
                if latest:
                    draw.rounded_rect(surface, cell, theme.accent, 6)
                    colour = theme.accent_text
                side_dot(surface, colours, i % 2, (cell.x + 10, cell.centery), 5,
                         theme.accent if latest else theme.card)
                draw.blit_text(surface, names[i], 21, colour, (cell.x + 22, cell.centery),
                               "midleft")
        surface.set_clip(clip)
        total = self.total_rows(session)
        if total > rows:
            track = pygame.Rect(rect.right - 8, area.y, 4, area.height)
            h = max(18, round(track.height * rows / total))
            y = track.y + round((track.height - h) * self.scroll / max(1, total - rows))
            draw.rounded_rect(surface, pygame.Rect(track.x, y, 4, h), theme.text_dim, 2)
        n = len(played)
        summary = ngettext("{n} move", "{n} moves", n).format(n=number(n))
        rule = game.variant().get("rule", "freestyle") if game.name == "gomoku" else None
        if rule is not None and rule != "freestyle":
            # The rule changes what may be played: said here too, where it shows at every
            # window width (the toolbar's title has no room for it in a small window).
            summary = f"{_(RULE_WORDS.get(rule, rule))} · {summary}"
        if redo:
            # Translators: moves taken back that Redo would replay.
            summary += " · " + ngettext("{n} to redo", "{n} to redo", len(redo)).format(
                n=number(len(redo)))
        draw.blit_text(surface, summary, 18, theme.text_dim, (rect.right - 16, rect.y + 14),
                       "topright")


def result_text(session: Session) -> tuple[str, str]:
    """The banner's headline and detail for a finished game.

    Headline: ``"You win!"``, ``"The computer wins"``, ``"Red wins"`` or ``"Draw"``;
    detail: how (``"Red · four in a row"``, Othello with the disc count).
    """
    game = session.game
    outcome = session.outcome()
    if outcome is None:
        return "", ""
    counts = game.counts()
    score = f" · {counts[0]}–{counts[1]}" if game.name == "othello" else ""
    reason = _(outcome.reason)  # the rules' reasons are English constants (N_)
    if outcome.winner is None:
        return _("Draw"), f"{reason[0].upper()}{reason[1:]}{score}"
    name = _(game.side_names[outcome.winner])
    humans = session.humans
    if len(humans) == 1:
        headline = _("You win!") if outcome.winner in humans else _("The computer wins")
        return headline, f"{name} · {reason}{score}"
    return _("{side} wins").format(side=name), f"{reason[0].upper()}{reason[1:]}{score}"


__all__ = ["Panel", "compact_count", "result_text"]  # untranslated: identifiers


def _pieces_text(game: str, n: int) -> str:
    """``"9 discs"``, ``"1 stone"``: the pieces a side has played (not Othello's score)."""
    if game == "gomoku":
        return ngettext("{n} stone", "{n} stones", n).format(n=number(n))
    if game == "tictactoe":
        return ngettext("{n} mark", "{n} marks", n).format(n=number(n))
    return ngettext("{n} disc", "{n} discs", n).format(n=number(n))


def on_patch(colours: BoardColours, background: RGB) -> bool:
    """Whether the panel's piece symbols sit on a patch of the board: when the darker
    piece melts into ``background`` (Black on high contrast's black card). Drawn with
    only its light rim, Black's symbol would read as a hollow ring, the usual sign
    for White, and White's filled one as Black's."""
    dark, light = sorted(colours.pieces, key=luminance)
    return icon_outline(dark, background) is not None and dark != light


def side_dot(surface: pygame.Surface, colours: BoardColours, side: int,
             centre: tuple[int, int], radius: int, background: RGB) -> None:
    """``side``'s small symbol in the panel (the move list, the analysis lines): its
    piece colour, ringed where it melts into ``background``, on a patch of the board
    where the dark piece would read as a hollow ring (:func:`on_patch`)."""
    piece = colours.pieces[side]
    if on_patch(colours, background):
        draw.aa_circle(surface, colours.surface, centre, radius + 3)
        background = colours.surface
    draw.aa_circle(surface, piece, centre, radius)
    outline = visible_on(piece, background, 3.0)
    if outline != piece:
        draw.aa_circle(surface, outline, centre, radius, 1)


def side_piece(surface: pygame.Surface, game_name: str, colours: BoardColours, side: int,
               centre: tuple[int, int], radius: int, background: RGB,
               with_shadow: bool = True) -> None:
    """``side``'s piece off the board (player card, status line): a disc or a stone
    ringed where it melts into ``background``, on a patch of the board where the dark
    piece would read as a hollow ring (:func:`on_patch`); tic-tac-toe's X or O mark."""
    piece = colours.pieces[side]
    if game_name == "tictactoe":
        draw_mark(surface, visible_on(piece, background, 3.0), side, centre,
                  round(radius * 0.72), max(2, round(radius * 0.27)))
        return
    if on_patch(colours, background):
        draw.aa_circle(surface, colours.surface, centre, radius + 4)
        background = colours.surface  # the piece's rim, if any, against the patch
    draw.piece(surface, centre, radius, piece, outline=icon_outline(piece, background),
               style="stone" if game_name == "gomoku" else "disc", with_shadow=with_shadow)


def pass_name() -> str:
    """How the panel writes an Othello pass for a person (the notation's ``PA`` is for
    files and the command line)."""
    # Translators: Othello's pass, written in a list of moves (short, lower case).
    return _("pass")


def _line_text(moves: list[str]) -> str:
    """``"Line: d3 c5 f6"``: a search's principal variation."""
    # Translators: {moves} are move names separated by spaces.
    return _("Line: {moves}").format(moves=" ".join(moves))


def bar_fill(piece: RGB, card: RGB) -> RGB:
    """A side's share of the evaluation bar: its piece colour (a black share stays black
    on a dark card, not a grey that melts into it); a light piece on a light card is
    shaded just enough to be told from the card. Where the fill is under 3:1 against
    the card the bar also gets a 7:1 rim (``Panel._analysis``)."""
    if luminance(piece) < luminance(card):
        return piece
    return visible_on(piece, card, 1.3)


def why_words(session: Session, top: TopMoves, why: Why) -> str:
    """"Why the best" for the analysis card: against the first line of another score
    (two tied lines explain nothing), saying whose view the signed terms take."""
    game = session.game
    other = compared_line(top.lines) or 1
    names = [Panel._names(session, (line.move,))[0] for line in top.lines]
    best, second = names[0], names[other]
    tied = tied_with_best(top.lines)
    # Translators: a list of moves: "d3, c5 and f6".
    same = _("{moves} and {last}").format(moves=", ".join(names[:tied]), last=names[tied]) \
        if tied else ""
    if tied and other == 1 and top.lines[1].score == top.lines[0].score:
        return _("{moves} score the same: as good as each other, as far as the search "
                 "sees").format(moves=same)
    exact = exact_summary(game.name, top.lines[0], top.lines[other], best, second) \
        if top.exact or is_proven(top.lines[0].score) else None
    side = _(game.side_names[game.turn])
    # Translators: {reason} lists signed terms; "+" is good for {side}.
    reason = exact or _("(+ is good for {side}) {reason}").format(
        side=side, reason=summary(game.name, why, 3))
    if tied:
        return _("{moves} score the same; why {best} over {second}: {reason}").format(
            moves=same, best=best, second=second, reason=reason)
    return _("Why {best} over {second}: {reason}").format(best=best, second=second,
                                                          reason=reason)


RULE_WORDS = {"freestyle": N_("freestyle"), "standard": N_("standard"), "renju": N_("renju")}
"""Gomoku's rules by name, as the title line and the move list write them (lower case)."""

OPENING_SIZES = (17, 16, 15, 14, 13)
"""The sizes a swap opening's reason is wrapped at, largest first: the first that makes
three lines at most (a longer language gets smaller type, never a cut reason)."""


def opening_lines(session: Session, width: int) -> tuple[list[str], int]:
    """A swap opening's lines for the search card (``[]`` when it has none): the
    computer deciding, or its last decision's reason until a person moves after it
    (or, when none does, the computer's next search); and the size they were wrapped
    at (:data:`OPENING_SIZES`)."""
    phase = session.opening
    size = OPENING_SIZES[0]
    if phase is None:
        return [], size
    if session.pending == "opening":
        # The openings' names are the start screen's "Swap" and "Swap2" (N_ there).
        # Translators: {kind} is the opening's name, "Swap" or "Swap2".
        return [_("{kind} opening: the computer decides…").format(
            kind=_(phase.kind.capitalize())), "", ""], size
    # The reason stays until a person has moved after it: the computer's own move at
    # once after its choice must not take it away before anyone could read it.
    fresh = session.game.ply <= session.reason_ply + 1
    if not phase.reason or (session.last_result is not None and not fresh):
        return [], size
    for size in OPENING_SIZES:
        rows = draw.wrap(phase.reason, size, width)
        if len(rows) <= 3:
            break
    if len(rows) > 3:
        rows = rows[:2] + [draw.ellipsize(" ".join(rows[2:]), size, width)]
    return rows + [""] * (3 - len(rows)), size

