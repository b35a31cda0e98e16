"""Replaying records: every move checked by the engine.

A complete record (every tile, the deck, every reshuffle) replays directly.
A table record leaves the setup unknown: the replay starts from a setup that
fits what the record says (`.table_setup` for the tiles, `.deal`
for the cards) and then makes every move with every rule checked. What the
record cannot know (the colours of cards in hands) is chosen, never
contradicted.

Strict by default: the first problem raises. With an ``errors`` list the
replay is lenient: it appends the problem and returns the game as far as it
was legal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from trapper_core import (
    SQUARES,
    ActionSyntaxError,
    Colour,
    Game,
    IllegalActionError,
    Registry,
    Setup,
    SetupError,
    Tile,
    TrapperError,
    UnknownVariantError,
    new_game,
)
from trapper_core.errors import player_counts, shown
from trapper_core.plugins import Rules, default_registry, registry_or_default

from .cards import PLENTY, add_hands
from .deal import Deal, Step, infer_deal
from .errors import NotationError, Place, RecordError, check_errors, locate, no_gc
from .items import Item, Move, Mover, Notes, Reveal, TurnNumber
from .setup_string import SetupSpec, _cut, seat_text
from .stretch import BadNote, Stretch, read_note, unquote
from .table_setup import fit_setup, named_squares
from .writer import item_text

if TYPE_CHECKING:
    from .items import Item
    from .records import Record

__all__ = ["replay"]

_SEAT_TAG = re.compile(r"Seat([0-9]+)")
#: The tags the replay reads besides the Seat tags.
_READ_TAGS = frozenset({"Variant", "Setup", "Position", "Seed", "Result"})
#: The names of the tags the replay reads in another case (``variant``,
#: ``SEAT2``): refused where they stand, not left unread.
_READ_IN_ANOTHER_CASE = re.compile(r"(?i:variant|setup|position|seed|result|seat[0-9]+)")


def parts(record: Record) -> tuple[Item | Stretch, ...]:
    """The items of ``record``'s move text, its stretches of move text unread."""
    return record._parts


def note_places(record: Record) -> Sequence[int]:
    """The line and column of each note of ``record`` read from a file, in turn."""
    return record._note_places


def replay(
    record: Record,
    *,
    errors: list[Exception] | None = None,
    registry: Registry | None = None,
    undo: bool = True,
) -> Game:
    """See [`Record.replay`][trapper_notation.Record.replay]."""
    check_errors(errors)
    if not isinstance(undo, bool):  # the replay's argument, not the record's fault
        raise NotationError(f"undo is True or False, not {shown(undo)}")
    return _Replayer(record, registry_or_default(registry), undo=undo).run(errors)


#: A move of the record: its text, and the turn number and the player written
#: before it (``None`` when not). The reshuffles noted after the move are kept
#: apart (``_Replayer.shuffles``): most moves have none.
_Decision = tuple[str, int | None, str | None]


class _Places:
    """The line and column of places in a stretch's text, asked for in the
    order of the text: the newlines are counted once, from one place to the
    next (a stretch of many notes is read in one pass)."""

    def __init__(self, stretch: Stretch) -> None:
        self.text = stretch.text
        self.line = stretch.line
        self.line_start = -stretch.column + 1  # where the stretch's first line began
        self.counted = 0  # the newlines before here are counted in line
        self.cursor = 0  # where the next note is looked for (`find`)

    def at(self, start: int) -> tuple[int, int]:
        """The line and column of the character ``start`` into the text."""
        text, counted = self.text, self.counted
        newlines = text.count("\n", counted, start)
        if newlines:
            self.line += newlines
            self.line_start = text.rfind("\n", counted, start) + 1
        self.counted = start
        return self.line, start - self.line_start + 1

    def find(self, note: str) -> tuple[int, int]:
        """The line and column of the next ``note`` in a stretch of words and
        notes only (no comment or quoted name could hold its text)."""
        start = self.text.index(note, self.cursor)
        self.cursor = start + len(note)
        return self.at(start)


class _Replayer:
    def __init__(self, record: Record, registry: Registry, *, undo: bool = True) -> None:
        self.record = record
        self.undo = undo
        self.registry = registry
        self.where = Place(f"game {record.number}", record.number)
        self._check_repeats()
        try:
            self.rules: Rules = registry.rules(record.variant)
        except UnknownVariantError as exc:
            hint = (
                ""
                if registry is default_registry()  # whose error says it
                else " (a variant that is not installed is replayed with registry=, the "
                "Registry that holds it)"
            )
            raise RecordError(f"{exc}{hint}", at=self._at("Variant")) from None
        except TrapperError as exc:
            raise RecordError(str(exc), at=self._at("Variant")) from None
        self.players = record.players
        self._check_seats()
        self.start: Game | None = None
        if record.tag("Position") is not None:
            self._begin_at_position()
            return
        try:
            self.spec = record.setup
        except (TrapperError, ValueError) as exc:
            raise RecordError(f"Setup tag: {exc}", at=self._at("Setup")) from None
        self.seed = self._seed()
        if self.seed is not None and record.tag("Setup") is None:
            self.spec = self._seeded_setup(self.seed)
        self.complete = self.spec.is_complete
        self.cards_known = self.spec.deck is not None and None not in self.spec.deck
        self.decisions, reveals = self._read_items()
        # The shuffles of a move the record notes none after, and no deal plans:
        # the seed decides, or any order fits unknown cards; but a complete
        # record without a seed must give every reshuffle.
        self.no_shuffles: list[Sequence[int]] | None = (
            None if self.seed is not None or not self.cards_known else []
        )
        self.named = named_squares(self.spec, reveals, self.where, self.reveal_at)
        first = self.decisions[0][2] if self.decisions else None
        self.setup = fit_setup(
            self.spec,
            self.rules,
            reveals,
            players=self.players,
            first_mover=first,
            where=self.where,
            tag_where=self._at("Setup"),
            note_at=self.reveal_at,
        )
        start, seats = self.setup.start_player, len(self.players)
        if not 0 <= start < seats:
            raise RecordError(
                f"Setup tag: the start player is seat {seat_text(start)}, and the game has "
                f"{seats} seats (A to {seat_text(seats - 1)})",
                at=self._at("Setup"),
            )

    def _begin_at_position(self) -> None:
        """A record with a ``Position`` tag (as PGN's ``FEN``) begins at that
        position, which knows every tile and card: the game is made from it
        here, its seed the ``Seed`` tag's (0 without one), and the record's
        notes are checked against it."""
        at = self._at("Position")
        if self.record.tag("Setup") is not None:
            raise RecordError(
                "the record has a Setup tag and a Position tag: a game begins at its "
                "setup or at a position, not both",
                at=at,
            )
        position = self.record.position
        assert position is not None  # the tag is there; a RecordError if unreadable
        self.seed = self._seed()
        self.complete = self.cards_known = True
        self.decisions, reveals = self._read_items()
        # A seed makes the reshuffles the notes leave out; without one,
        # the record must note each.
        self.no_shuffles = None if self.seed is not None else []
        try:
            self.start = position.to_game(
                self.record.variant,
                list(self.players),
                seed=self.seed or 0,
                registry=self.registry,
                undo=self.undo,
            )
        except TrapperError as exc:
            # Read as the Variant tag's variant's position (another variant's
            # may fail on its tokens alone).
            raise RecordError(
                f"Position tag: {exc} (read as a position of {self.rules.variant!r}, the "
                "Variant tag's)",
                at=at,
            ) from None
        board = self.start.state.board
        for index, tile in reveals.items():
            where = self.reveal_at.get(index, self.where)
            held = board[index]
            if held is None:
                raise RecordError(
                    f"a tile is noted on {SQUARES[index]}, which the position leaves empty",
                    at=where,
                )
            if held != tile:
                raise RecordError(
                    f"{SQUARES[index]} holds {held.code} in the position, "
                    f"but a note says {tile.code}",
                    at=where,
                )

    def _seeded_setup(self, seed: int) -> SetupSpec:
        """The setup that ``seed`` deals, as ``new_game`` deals it: what a
        record with a ``Seed`` tag and no ``Setup`` tag begins at (a hand-written
        record of a seeded game need not copy its setup string)."""
        try:
            game = new_game(
                self.record.variant, list(self.players), seed=seed, registry=self.registry
            )
        except SetupError as exc:
            raise RecordError(str(exc), at=self._at("Seed")) from None
        return SetupSpec.from_setup(game.setup)

    def _at(self, tag: str) -> Place:
        """Where the tag ``tag`` stands: the game, and its line if known."""
        return self._line(self.record.tag_line(tag))

    def _line(self, line: int | None) -> Place:
        """The game's line ``line``; the game alone when the line is not
        known (0 or ``None``: a record made in code)."""
        if not line:
            return self.where
        return Place(f"{self.where}, line {line}", self.record.number, line)

    def _check_repeats(self) -> None:
        """A tag the replay reads is given once (or repeated alike): of two
        values, the replay would take the first and leave the other unread."""
        first: dict[str, str] = {}
        lines = self.record.tag_lines
        for index, (key, value) in enumerate(self.record.tags.pairs):
            if _READ_IN_ANOTHER_CASE.fullmatch(key) and not (
                key in _READ_TAGS or _SEAT_TAG.fullmatch(key)
            ):
                alike = (t for t in _READ_TAGS if t.lower() == key.lower())
                proper = next(alike, None) or f"Seat{int(key[4:])}"  # seat02: Seat2
                raise RecordError(
                    f"the replay reads the tag {proper}, not {key}: a tag's name is read "
                    "in its case, and this one would be left unread",
                    at=self._line(lines[index] if index < len(lines) else 0),
                )
            if key in _READ_TAGS or _SEAT_TAG.fullmatch(key):
                known = first.setdefault(key, value)
                same = known.lower() == value.lower() if key == "Variant" else known == value
                if not same:  # variant names are read in any case
                    # Told at the second tag: the first was read as it stands.
                    raise RecordError(
                        f"the {key} tag is given twice, {shown(known)} and {shown(value)}",
                        at=self._line(lines[index] if index < len(lines) else 0),
                    )

    def _check_seats(self) -> None:
        """The Seat tags name the players: as many as the variant allows, all different."""
        spec = self.rules.spec
        count = len(self.players)
        for key in self.record.tags:
            number = _SEAT_TAG.fullmatch(key)
            if number is None:
                continue
            digits = number[1]
            if digits[0] == "0":  # Seat0, Seat01: no seat's
                what = f"{_cut(key, 60)} is no seat's tag"
            elif len(digits) > len(str(count)) or int(digits) > count:
                # Seat tags after a gap would name players the game leaves out.
                what = f"{_cut(key, 60)} follows no Seat{count + 1}"
            else:
                continue
            raise RecordError(
                f"{what}: the Seat tags number the seats Seat1, Seat2, … without a gap",
                at=self._at(key),
            )
        if not count:  # (a Seat tag of no seat, Seat01, is told above, at its line)
            raise RecordError(  # told at the game's first tag
                "no Seat1, Seat2, … tags name the players", at=self._line(self.record.line)
            )
        if not spec.min_players <= count <= spec.max_players:
            tag = f"Seat{min(count, spec.max_players + 1)}"
            players = player_counts(spec.min_players, spec.max_players)
            raise RecordError(
                f"{self.record.variant!r} is played by {players}, but the Seat tags name {count}",
                at=self._at(tag),
            )
        seen: set[str] = set()
        for seat, name in enumerate(self.players, start=1):
            if not name.strip() or not name.isprintable():  # as new_game refuses it
                raise RecordError(
                    f"Seat{seat} names {shown(name)}: a player's name is a line of printable text",
                    at=self._at(f"Seat{seat}"),
                )
            if name in seen:
                raise RecordError(
                    f"Seat{seat} names {shown(name)} again; players' names must differ",
                    at=self._at(f"Seat{seat}"),
                )
            seen.add(name)

    def _seed(self) -> int | None:
        text = self.record.tag("Seed")
        if text is None:
            return None
        digits = text.strip()
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
            raise RecordError(
                f"the Seed tag is a whole number below 2**64, not {text[:40]!r}",
                at=self._at("Seed"),
            )
        seed = int(digits)
        if seed >= 2**64:
            raise RecordError(
                f"the Seed tag is a whole number below 2**64, not {digits}", at=self._at("Seed")
            )
        return seed

    # ------------------------------------------------------------------
    # Reading the items
    # ------------------------------------------------------------------

    def _read_items(self) -> tuple[list[_Decision], dict[int, Tile]]:
        decisions: list[_Decision] = []
        append = decisions.append
        self.shuffles: dict[int, list[str]] = {}
        # Where the notes stand: of each move's first reshuffle noted, of
        # each square's first tile noted (for errors: game, line, column).
        self.shuffle_at: dict[int, Place] = {}
        self.reveal_at: dict[int, Place] = {}
        reveals: dict[int, Tile] = {}
        noted = note_places(self.record)  # the places a record built in code gives its notes
        count = 0  # notes so far
        self.loose: dict[int, list[TurnNumber | Mover]] = {}
        turn: int | None = None
        mover: str | None = None
        # A turn number or a name that no move follows (another comes first,
        # or the record ends) is read no further here: only whether there
        # is one, which `_loose_words` then finds (rare: the writer never
        # writes one). ``named``: how many moves stood before the last name.
        loose = False
        named = -1
        lines = self.record.tag_lines
        ended = lines[-1] if lines else 0  # the line of the text before a note (0: not known)
        for item in parts(self.record):
            if type(item) is Stretch:
                ended = item.line + item.text.count("\n")
                # The words and notes of a stretch of move text, read from its text.
                words = item.plain_words()
                places: _Places | None = None  # of the stretch's notes, once it has one
                if words is not None:  # the usual stretch: split at white space
                    for word in words:
                        end = word[-1]
                        if end == ":":
                            if named == len(decisions):
                                loose = True
                            named = len(decisions)
                            mover = word[:-1]
                        elif end == ".":
                            if turn is not None:
                                loose = True
                            turn = int(word[:-1])
                        elif end == ")":  # a note, kept whole (no word holds a "(")
                            if places is None:
                                places = _Places(item)
                            at = self._note_at(places.find(word))
                            self._read_note(word, at, decisions, reveals)
                        else:
                            append((word, turn, mover))
                            turn = None
                    continue
                for kind, word, start in item.pieces():
                    if kind == "ACTION":
                        append((word, turn, mover))
                        turn = None
                    elif kind == "TURN":
                        if turn is not None:
                            loose = True
                        turn = int(word[:-1])
                    elif kind == "PLAYER":
                        if named == len(decisions):
                            loose = True
                        named = len(decisions)
                        mover = word[:-1] if word[0] != '"' else unquote(word[:-1])
                    else:
                        if places is None:
                            places = _Places(item)
                        at = self._note_at(places.at(start))
                        self._read_note(word, at, decisions, reveals)
            elif isinstance(item, TurnNumber):
                if turn is not None:
                    loose = True
                turn = item.number
            elif isinstance(item, Mover):
                if named == len(decisions):
                    loose = True
                named = len(decisions)
                mover = item.name
            elif isinstance(item, Move):
                append((item.text, turn, mover))
                turn = None
                ended = item.line
            elif isinstance(item, Notes):
                # A note is shared by every record that has its text: its
                # place is the record's (given with the record), else after
                # the text before it.
                if 2 * count + 1 < len(noted):
                    at = self._note_at((noted[2 * count], noted[2 * count + 1]))
                elif ended:  # no line of its own to give
                    at = Place(
                        f"{self.where}, a note on line {ended} or later", self.record.number
                    )
                else:
                    at = self.where
                count += 1
                self._read_entries(item, at, decisions, reveals)
        if loose or turn is not None or named == len(decisions):
            self.loose = self._loose_words()
        return decisions, reveals

    def _loose_words(self) -> dict[int, list[TurnNumber | Mover]]:
        """The turn numbers and names that no move follows, by the move
        they stand before (the number of moves, for those after the last):
        of two numbers, or two names, before one move, the first; any after
        the last move. Each is checked where it stands (`_check_loose`)."""
        loose: dict[int, list[TurnNumber | Mover]] = {}
        pending: list[TurnNumber | Mover] = []  # since the last move, in the text's order
        moves = 0
        for item in self.record.items:
            if isinstance(item, TurnNumber | Mover):
                pending.append(item)
            elif isinstance(item, Move):
                words = [
                    word
                    for k, word in enumerate(pending)
                    if any(type(later) is type(word) for later in pending[k + 1 :])
                ]
                if words:
                    loose[moves] = words
                pending = []
                moves += 1
        if pending:
            loose[moves] = pending
        return loose

    def _check_loose(self, game: Game, words: list[TurnNumber | Mover]) -> None:
        """Checks turn numbers and names that no move follows where they
        stand: a number must be the turn's, a name the decider's, as if a
        move followed; after the game's end there is none to name."""
        seat = game.to_move
        for word in words:
            at = self._word_at(game, word)
            if seat is None:
                said = (
                    f"numbers a turn {word.number}"
                    if isinstance(word, TurnNumber)
                    else f"names {_cut(word.name, 60)}"
                )
                raise RecordError(
                    f"the record {said} after the game's end: there is no decision to make",
                    at=at,
                )
            if isinstance(word, TurnNumber):
                if word.number != game.state.turns:
                    raise RecordError(
                        f"the record numbers this turn {word.number}, but it is turn "
                        f"{game.state.turns}",
                        at=at,
                    )
            elif word.name != self.players[seat]:
                raise RecordError(self._not_deciding(word.name, seat), at=at)

    def _not_deciding(self, mover: str, seat: int) -> str:
        """What a record that names ``mover`` where ``seat`` decides is told."""
        if mover not in self.players:  # a seat's tag left out, or a name misspelt
            return (
                f"the record says {_cut(mover, 60)} decides, but no seat has that "
                f"name (the seats: {_cut(', '.join(self.players), 120)}); it is "
                f"{_cut(self.players[seat], 60)}'s decision"
            )
        return (
            f"the record says {_cut(mover, 60)} decides, but it is "
            f"{_cut(self.players[seat], 60)}'s decision"
        )

    def _note_at(self, place: tuple[int, int]) -> Place:
        line, column = place
        told = f"{self.where}, the note at line {line}, column {column}"
        return Place(told, self.record.number, line, column)

    def _read_note(
        self, text: str, at: Place, decisions: list[_Decision], reveals: dict[int, Tile]
    ) -> None:
        """Reads the note ``text`` of a stretch of move text (`_read_entries`)."""
        try:
            notes = read_note(text)
        except BadNote as exc:  # the reader checks its notes; a stretch made elsewhere may not be
            raise RecordError(f"{shown(text, 60)} is no note: {exc.message}", at=at) from None
        self._read_entries(notes, at, decisions, reveals)

    def _read_entries(
        self, notes: Notes, at: Place, decisions: list[_Decision], reveals: dict[int, Tile]
    ) -> None:
        """Takes in the tiles that ``notes`` reveals and the reshuffles it
        gives, for the move last read (``at``: where the note stands)."""
        for entry in notes.entries:
            if isinstance(entry, Reveal):
                self._note_tile(reveals, entry, at)
                self.reveal_at.setdefault(entry.square.index, at)
            elif not decisions:
                raise RecordError("a reshuffle noted before any move", at=at)
            else:
                self.shuffles.setdefault(len(decisions) - 1, []).append(entry.cards)
                self.shuffle_at.setdefault(len(decisions) - 1, at)

    def _note_tile(self, reveals: dict[int, Tile], entry: Reveal, at: Place) -> None:
        index = entry.square.index
        known = reveals.get(index)
        if known is not None and known != entry.tile:
            raise RecordError(
                f"{entry.square} is noted as {known.code} and as {entry.tile.code}", at=at
            )
        reveals[index] = entry.tile

    # ------------------------------------------------------------------
    # The replay
    # ------------------------------------------------------------------

    def run(self, errors: list[Exception] | None) -> Game:
        with no_gc():
            return self._run(errors)

    def _run(self, errors: list[Exception] | None) -> Game:
        deal = None if self.cards_known else self._deal()
        if self.start is not None:  # the game of a Position tag
            game = self.start
        else:
            setup = self.setup if deal is None else attrs.evolve(self.setup, deck=deal.deck)
            game = self._new_game(setup)
        try:
            if deal is not None and deal.failure is not None and deal.failure[0] < 0:
                raise RecordError(deal.failure[1], at=self._line(self.record.line))
            self._check_revealed(game, None)
            step = self._step
            loose = self.loose
            for index, decision in enumerate(self.decisions):
                if loose and index in loose:
                    self._check_loose(game, loose[index])
                step(game, deal, index, decision)
            if loose and len(self.decisions) in loose:
                self._check_loose(game, loose[len(self.decisions)])
            self._check_result(game)
        except (IllegalActionError, ActionSyntaxError, RecordError) as exc:
            if errors is None:
                raise
            errors.append(exc)
        return game

    def _new_game(self, setup: Setup) -> Game:
        try:
            return new_game(
                self.record.variant,
                list(self.players),
                seed=self.seed or 0,
                setup=setup,
                registry=self.registry,
                undo=self.undo,
            )
        except SetupError as exc:
            raise RecordError(str(exc), at=self._setup_fault()) from None

    def _setup_fault(self) -> Place:
        """Where the game's setup was refused: the Seat tags, when the
        variant refuses the players themselves, else the Setup tag that gave
        the setup (or the Seed tag that dealt it)."""
        try:
            new_game(self.record.variant, list(self.players), seed=0, registry=self.registry)
        except SetupError:
            return self._at("Seat1")
        return self._at("Setup" if self.record.tag("Setup") is not None else "Seed")

    def _deal(self) -> Deal:
        """A deal whose colours allow every payment the record makes."""
        steps = []
        for index, decision in enumerate(self.decisions):
            try:
                noted = self._noted(index)
            except RecordError:
                noted = None  # the replay reports it at its move
            steps.append(Step(decision[0], noted, decision[1], decision[2]))
        known = self.spec.deck
        return infer_deal(
            self._new_game(self.setup),
            steps,
            known=[c is not None for c in known] if known else [False] * len(self.setup.deck),
            seeded=self.seed is not None,
            hand_size=self.rules.hand_size(len(self.players)),
        )

    def _move(self, index: int) -> Move:
        """The record's move ``index`` as an item, with its line and column
        (made from the record's items: only an error asks for it)."""
        return [item for item in self.record.items if isinstance(item, Move)][index]

    def _before(self, index: int) -> Iterator[Item]:
        """The record's items before its move ``index``, the nearest first
        (made from the record's items: only an error asks for them)."""
        items = self.record.items
        at = [i for i, item in enumerate(items) if isinstance(item, Move)][index]
        return reversed(items[:at])

    def _named(self, game: Game, index: int) -> int | None:
        """How many moves stand between move ``index`` and the player named
        before it in its turn (0: the name is the move's own), or ``None``
        when no player is named in the turn before it (the mover is the last
        one named, in an earlier turn: one before a turn number, or before a
        move of another turn when the record numbers no turns). ``game`` is
        at move ``index``."""
        moves = 0  # between the player named and move index
        for item in self._before(index):
            if isinstance(item, Move):
                moves += 1
            elif isinstance(item, Mover):
                # The turn of the first move after the name (replayed again:
                # only an error asks) is this one, or the name is an earlier turn's.
                if not moves or game.at(index - moves).state.turns == game.state.turns:
                    return moves
                return None
            elif isinstance(item, TurnNumber):
                return None
        return 0

    def _context(self, game: Game, index: int, *, quoted: bool = True) -> Place:
        """Where move ``index`` is: the game, the turn, the move (unless not
        ``quoted``), and its line and column in the file."""
        move = self._move(index)
        said = f", {shown(move.text)}" if quoted else ""
        turn = game.state.turns
        told = f"{self.where}, turn {turn}{said}"
        if not move.line:  # made in code, with no place in a file: the game and turn say where
            return Place(told, self.record.number, turn=turn)
        told += f", line {move.line}, column {move.column}"
        return Place(told, self.record.number, move.line, move.column, turn)

    def _word_before(self, game: Game, index: int, kind: type[TurnNumber | Mover]) -> Place:
        """Where the turn number or player (``kind``) that move ``index``
        reads stands in the record: told at the word itself, ``'12.'`` or
        ``'Ann:'``, when it has a place in the file, else at the move."""
        for item in self._before(index):
            if isinstance(item, kind):
                if not item.line:  # made in code
                    break
                return self._word_at(game, item)
        return self._context(game, index)

    def _word_at(self, game: Game, item: TurnNumber | Mover) -> Place:
        """Where the turn number or player ``item`` stands: told at the word
        itself, ``'12.'`` or ``'Ann:'``, with its line and column when it
        has a place in the file; ``game`` is where it is read."""
        turn = game.state.turns
        told = f"{self.where}, turn {turn}, {shown(item_text(item))}"
        if not item.line:  # made in code
            return Place(told, self.record.number, turn=turn)
        told += f", line {item.line}, column {item.column}"
        return Place(told, self.record.number, item.line, item.column, turn)

    def _step(self, game: Game, deal: Deal | None, index: int, decision: _Decision) -> None:
        text, turn, mover = decision
        if turn is not None and turn != game.state.turns:
            raise RecordError(
                f"the record numbers a turn {turn} after the game's end: there is no "
                "decision to make"
                if game.to_move is None  # the last turn's number, and the move then refused
                else f"the record numbers this turn {turn}, but it is turn {game.state.turns}",
                at=self._word_before(game, index, TurnNumber),
            )
        if mover is not None:
            seat = game.to_move
            if seat is not None and mover != self.players[seat]:
                moves = self._named(game, index)
                if moves is None:
                    raise RecordError(
                        "the record names no player for this turn, and the last one named, "
                        f"{_cut(mover, 60)}, does not decide: it is "
                        f"{_cut(self.players[seat], 60)}'s decision",
                        at=self._context(game, index),
                    )
                if moves:  # the name was right for the moves after it: this one lacks its own
                    raise RecordError(
                        "the record names no player for this decision, and the last one "
                        f"named, {_cut(mover, 60)}, does not decide it: it is "
                        f"{_cut(self.players[seat], 60)}'s decision",
                        at=self._context(game, index),
                    )
                raise RecordError(
                    self._not_deciding(mover, seat), at=self._word_before(game, index, Mover)
                )
        shuffles: Sequence[Sequence[int]] | None
        if deal is None and index not in self.shuffles:
            shuffles = self.no_shuffles  # the usual move of a complete record
        else:
            if deal is not None and deal.failure is not None and deal.failure[0] == index:
                raise RecordError(deal.failure[1], at=self._context(game, index))
            shuffles = self._shuffles_for(deal, index)
        if deal is None and index in self.shuffles:
            self._check_noted_shuffles(game, index, text, shuffles)
        try:
            game.apply_text(text, shuffles=shuffles)
        except IllegalActionError as exc:
            if deal is not None and exc.shortfall:
                exc = _with_plenty(game, text, shuffles) or exc
            # The engine's own error (ambiguous, short of cards, …) with every
            # attribute it has, told where in the record it happened.
            where = self._context(game, index)
            exc.args = (f"{where}: {exc}", *exc.args[1:])
            raise locate(exc, where) from None
        except ActionSyntaxError as exc:
            # The engine's syntax errors begin with the text they read: told once.
            message = str(exc)
            where = self._context(game, index, quoted=not message.startswith(repr(text)))
            raise locate(ActionSyntaxError(f"{where}: {message}"), where) from None
        if not self.complete:
            self._check_revealed(game, index)

    def _check_noted_shuffles(
        self, game: Game, index: int, text: str, noted: Sequence[Sequence[int]] | None
    ) -> None:
        """The reshuffles noted after the move ``index`` of a record that knows
        its cards are the move's, and the Seed tag's when there is one: else a
        `RecordError` at the note (the move played on a copy tells which
        reshuffles the cards and the seed make)."""
        before = len(game.state.shuffled)
        given = tuple(tuple(pile) for pile in noted or ())
        if self.seed is not None:
            # A seeded record's notes are, as a rule, the seed's own: one
            # trial with the seed tells that they fit and are the seed's.
            made = game.copy()
            try:
                made.apply_text(text)
            except TrapperError:
                return  # the move's own fault: told at the move
            if made.state.shuffled[before:] == given:
                return
        trial = game.copy()
        try:
            trial.apply_text(text, shuffles=noted)
        except (IllegalActionError, ActionSyntaxError) as exc:
            if self.seed is None:
                plain = game.copy()
                try:
                    plain.apply_text(text)
                except TrapperError:
                    return  # the move's own fault: told at the move
            raise RecordError(
                f"the reshuffle noted does not fit the move {shown(text)}{self._line_of(index)}: "
                f"{exc}",
                at=self.shuffle_at[index],
            ) from None
        if self.seed is not None:  # they fit the move, but the seed makes others
            raise RecordError(
                f"the reshuffle noted is not the one the Seed tag makes{self._seed_line()}",
                at=self.shuffle_at[index],
            )

    def _line_of(self, index: int) -> str:
        """' on line N', where move ``index`` stands in its file, or nothing (made in code)."""
        line = self._move(index).line
        return f" on line {line}" if line else ""

    def _seed_line(self) -> str:
        line = self.record.tag_line("Seed")
        return f" (line {line})" if line else ""

    def _noted(self, index: int) -> tuple[tuple[int, ...], ...] | None:
        """The reshuffles the record notes after the move ``index``, as colour numbers."""
        noted = self.shuffles.get(index)
        if not noted:
            return None
        try:
            return tuple(tuple(int(Colour.from_letter(c)) for c in cards) for cards in noted)
        except ValueError as exc:
            raise RecordError(str(exc), at=self.shuffle_at.get(index, self.where)) from None

    def _shuffles_for(self, deal: Deal | None, index: int) -> Sequence[Sequence[int]] | None:
        noted = self._noted(index)
        if noted is not None:
            return noted
        if deal is not None and index in deal.piles:
            return deal.piles[index]
        return self.no_shuffles

    def _check_revealed(self, game: Game, move: int | None) -> None:
        """R7: every face-up tile is named; ``move`` is the index of the move
        just made (``None`` at the start)."""
        if self.complete:
            return
        for index in game.state.face_up_squares():
            if index not in self.named:
                # Where it happened is written only when something is wrong.
                if move is None:  # the Setup tag or a note before the first move names it
                    setup = self._at("Setup")
                    where = setup._replace(told=f"{setup}, at the start", turn=0)
                else:
                    where = self._context(game, move)
                raise RecordError(
                    f"{SQUARES[index]} is face up (R7), but the record never names its tile; "
                    f"note it like ({SQUARES[index]}=B3n) with the tile's code",
                    at=where,
                )

    def _check_result(self, game: Game) -> None:
        result = self.record.result  # a RecordError at the tag's line when it is no money
        if result is None:
            return
        if not game.is_over:
            raise RecordError(
                "the Result tag gives final money, but the game is not over", at=self._at("Result")
            )
        if tuple(game.scores()) != result:
            raise RecordError(
                f"the Result tag says {' '.join(map(str, result))}, "
                f"the replay gives {' '.join(map(str, game.scores()))}",
                at=self._at("Result"),
            )


def _with_plenty(
    game: Game, text: str, shuffles: Sequence[Sequence[int]] | None
) -> IllegalActionError | None:
    """The error of a move that a planned hand falls short for, when the
    move fails with plenty of every card too: the record's own fault (a
    step through water, say), which the planned hand's shortfall would hide
    behind a count that nobody wrote down. ``None`` when plenty of cards
    makes the move legal."""
    trial = game.copy()
    state = trial.state
    state.hands = tuple(add_hands(hand, (PLENTY,) * 4) for hand in state.hands)
    try:
        trial.apply_text(text, shuffles=shuffles)
    except IllegalActionError as other:
        return other
    except TrapperError:
        return None
    return None
