"""Recruiting, hitting the deck, turns and actions, and how an Aces game ends and is scored
(K.recruit, K.setup, K.turns, K.actions, K.withdraw, K.end, K.victory; *Crimson Skies: Aces*,
Recruitment to Victory!).

- **Recruit** up to 100 points of characters; the same Ace at most once on a team, tokens as
  often as you like (K.recruit).
- **Hit the deck**: every player rolls 2d6, ties among the highest rolling again; the highest
  is the first player, picks the map, sets up first and acts first. Starting areas lie along the
  narrow edges (``Board.starting_area``); Aces start on the green triangle (K.setup).
- **Turns**: each turn a player gives one action to one character, never to the one that acted
  in that player's previous turn; a player down to one character must pass the turn after it
  acts (K.turns). The actions are move, move and attack, Second Wind, escape (captives only)
  and pass; a captive may only pass or escape, its captor only move or pass (K.actions,
  K.capture).
- **Ending**: the game ends when only one player has characters on the map, at an agreed time
  limit, or when everyone agrees (K.end). A player may withdraw during their turn: they score as
  usual but nothing for their own characters still on the map (K.withdraw).
- **Victory points**: enemies knocked out at their point value (scored as they fall), captives
  held at the end at double, your own characters still on the map at their value. An Ace that
  knocks itself out by using fate on its last click scores for its opponents, split evenly.
  Ties go to the player who recruited fewer points, then to a d6 roll-off (K.victory).

Second Wind lives on the Talents and Abilities Card, which was lost (MISSING.md): the action may
be given only to a character with Second Wind showing on its dial; what it does is our
reconstruction, in ``cs_panel.aces.talents``.

>>> t = recruit("Kim", ["charlie-steele-ace", "vigilante", "sergeant", "tail-gunner", "soldier", "trusty-sidekick", "ruffian"])
>>> print(t.total)
49 Charlie Steele + 11 Vigilante + 10 Sergeant + 9 Tail Gunner + 8 Soldier + 7 Trusty Sidekick + 6 Ruffian = 100
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from cs_panel.clix.figures import figures
from cs_panel.core.dice import Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_choice, check_str, short_repr
from cs_panel.core.explain import Modifier, terms_text

BUILD_TOTAL = 100  # K.recruit
ACTIONS = ("move", "move and attack", "second wind", "escape", "pass")


class GameRuleError(RuleInputError):
    """A team, turn or action the rules do not allow."""


# -- K.recruit -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Total:
    terms: tuple[Modifier, ...]

    @property
    def value(self) -> int:
        return sum(t.value for t in self.terms)

    def __str__(self) -> str:
        return f"{terms_text(self.terms)} = {self.value}"


@dataclass(frozen=True)
class Team:
    """A recruited team: the player and the figure ids, with the build total explained."""

    player: str
    members: tuple[str, ...]
    total: Total
    build_total: int = BUILD_TOTAL

    @property
    def points(self) -> int:
        return self.total.value


def _short(name: str) -> str:
    return name.split(" (")[0]


def recruit(player: str, members: Sequence[str], build_total: int = BUILD_TOTAL) -> Team:
    """Check a team against the build total and the one-of-each-Ace rule (K.recruit)."""
    if not members:
        raise GameRuleError("a team needs at least one character", field="members")
    table = figures()
    terms, aces = [], []
    for m in members:
        if m not in table.ids():
            raise GameRuleError(f"unknown figure {m!r}; the Aces characters are {table.ids('aces')}", field="members")
        f = table[m]
        if f.game != "aces":
            raise GameRuleError(f"{f.name} is an Air Action plane, not an Aces character", field="members")
        token = f.combat.first_eliminated - f.combat.start == 1
        if not token:
            if m in aces:
                raise GameRuleError(f"{_short(f.name)} is on the team twice: each Ace at most once per team (K.recruit)",
                                    field="members")
            aces.append(m)
        terms.append(Modifier(f.points, _short(f.name), "K.recruit"))
    total = Total(tuple(terms))
    if total.value > build_total:
        raise GameRuleError(f"the team costs {total}, over the build total of {build_total} (K.recruit)", field="members")
    return Team(player, tuple(members), total, build_total)


# -- K.setup: who goes first ------------------------------------------------------------------------

@dataclass(frozen=True)
class FirstPlayer:
    """The 2d6 rolls for first player, round by round, and the winner (K.setup)."""

    winner: str
    rounds: tuple[tuple[tuple[str, int], ...], ...]

    def __str__(self) -> str:
        said = "; again: ".join(", ".join(f"{p} {s}" for p, s in r) for r in self.rounds)
        return f"{said} -> {self.winner} is the first player"


def first_player(players: Sequence[str], dice: Dice) -> FirstPlayer:
    """Each player rolls 2d6; the highest total goes first; tied highest roll again (K.setup)."""
    if len(players) < 2 or len(set(players)) != len(players):
        raise GameRuleError(f"two or more different players roll for first player, got {list(players)}", field="players")
    rolling = list(players)
    rounds = []
    while True:
        shown = tuple((p, dice.die(6) + dice.die(6)) for p in rolling)
        rounds.append(shown)
        top = max(s for _, s in shown)
        rolling = [p for p, s in shown if s == top]
        if len(rolling) == 1:
            return FirstPlayer(rolling[0], tuple(rounds))


# -- K.turns, K.actions -----------------------------------------------------------------------------

@dataclass(frozen=True)
class TurnRecord:
    player: str
    character: str | None  # None: the player passed the whole turn
    action: str

    def __post_init__(self):
        check_str(self.player, "player", error=GameRuleError)
        if self.character is not None:
            check_str(self.character, "character", error=GameRuleError)
        check_choice(self.action, "action", ACTIONS, error=GameRuleError)


@dataclass(frozen=True)
class Turns:
    """Whose turn it is and what each player did last (K.turns)."""

    order: tuple[str, ...]
    history: tuple[TurnRecord, ...] = ()

    def __post_init__(self):
        if not isinstance(self.order, (tuple, list)) or not self.order:
            raise GameRuleError("the turn order names the players", field="order")
        for who in self.order:
            check_str(who, "order", error=GameRuleError)
        if len(set(self.order)) != len(self.order):
            raise GameRuleError(f"a player is in the turn order twice: {list(self.order)}", field="order")
        object.__setattr__(self, "order", tuple(self.order))
        if not isinstance(self.history, (tuple, list)) or not all(isinstance(r, TurnRecord) for r in self.history):
            raise GameRuleError("the turn history is a list of TurnRecord", field="history")
        if len(self.history) > LIMITS["log_actions"].hi:
            raise GameRuleError(f"{len(self.history)} turns; the limit is {LIMITS['log_actions'].hi}", field="history")
        object.__setattr__(self, "history", tuple(self.history))
        for i, r in enumerate(self.history):
            if r.player != self.order[i % len(self.order)]:
                raise GameRuleError(f"turn {i + 1} was {short_repr(r.player)}'s, out of the turn order (K.turns)",
                                    field="history")

    @property
    def current(self) -> str:
        return self.order[len(self.history) % len(self.order)]

    def last_of(self, player: str) -> TurnRecord | None:
        for r in reversed(self.history):
            if r.player == player:
                return r
        return None

    def problems(self, player: str, character: str | None, action: str, *, characters_left: int,
                 is_captive: bool = False, has_captive: bool = False, has_second_wind: bool = False) -> list[str]:
        """Every reason this action may not be taken now (K.turns, K.actions, K.capture)."""
        why = []
        if player != self.current:
            why.append(f"it is {self.current}'s turn, not {player}'s (K.turns)")
        if action not in ACTIONS:
            return why + [f"an action is one of {list(ACTIONS)}, not {action!r} (K.actions)"]
        if character is None:
            if action == "pass":
                return why  # the whole turn passed
            return why + ["name the character taking the action"]
        last = self.last_of(player)
        if last is not None and last.character == character:
            if characters_left == 1:
                why.append(f"{character} is {player}'s last character and acted last turn: this turn must be "
                           "passed (K.turns)")
            else:
                why.append(f"{character} acted in {player}'s last turn: not the same character two turns "
                           "running (K.turns)")
        if action == "second wind" and not has_second_wind:
            why.append(f"{character} has no Second Wind showing on its dial: the action comes from that talent "
                       "(K.actions; the Talents and Abilities Card is reconstructed)")
        if action == "escape" and not is_captive:
            why.append(f"{character} is not a captive: only a captive may try to escape (K.actions)")
        if is_captive and action not in ("pass", "escape"):
            why.append(f"{character} is a captive: it may only pass or try to escape (K.capture)")
        if has_captive and action not in ("move", "pass"):
            why.append(f"{character} holds a captive: it may only move or pass (K.capture)")
        return why

    def take(self, player: str, character: str | None, action: str, *, characters_left: int,
             is_captive: bool = False, has_captive: bool = False, has_second_wind: bool = False) -> "Turns":
        why = self.problems(player, character, action, characters_left=characters_left,
                            is_captive=is_captive, has_captive=has_captive, has_second_wind=has_second_wind)
        if why:
            raise GameRuleError("; ".join(why), field="action")
        return Turns(self.order, self.history + (TurnRecord(player, character, action),))


# -- K.end, K.withdraw, K.victory -------------------------------------------------------------------

@dataclass(frozen=True)
class Standing:
    """One player's position at the end: what they took out, hold, kept, and how they ended."""

    player: str
    recruited: int
    knocked_out_enemies: tuple[tuple[str, int], ...] = ()  # (name, points) knocked out by this player
    captives: tuple[tuple[str, int], ...] = ()  # enemy captives held at the end
    survivors: tuple[tuple[str, int], ...] = ()  # own characters still on the map
    fate_gifts: tuple[tuple[str, Fraction], ...] = ()  # shares of opposing Aces that fated themselves out
    withdrew: bool = False


def score(s: Standing) -> Total:
    """A player's victory points, term by term (K.victory, K.withdraw)."""
    terms = [Modifier(p, f"knocked out {n}", "K.victory") for n, p in s.knocked_out_enemies]
    terms += [Modifier(2 * p, f"captive {n} (double)", "K.victory") for n, p in s.captives]
    for n, share in s.fate_gifts:
        if share.denominator != 1:
            raise GameRuleError(f"{n}'s points do not split evenly; give whole shares", field="fate_gifts")
        terms.append(Modifier(int(share), f"{n} used fate on its last click", "K.victory"))
    if not s.withdrew:
        terms += [Modifier(p, f"own {n} still in play", "K.victory") for n, p in s.survivors]
    if not terms:
        terms = [Modifier(0, "nothing scored", "K.victory")]
    return Total(tuple(terms))


def fate_knockout_shares(points: int, opponents: Sequence[str]) -> dict[str, Fraction]:
    """An Ace knocked out by its own fate click scores for its opponents, split evenly (K.victory)."""
    if not opponents:
        raise GameRuleError("an Ace's points go to its opponents: name them", field="opponents")
    return {o: Fraction(points, len(opponents)) for o in opponents}


@dataclass(frozen=True)
class Result:
    scores: dict[str, Total]
    winner: str
    how: str

    def __str__(self) -> str:
        lines = [f"{p}: {t}" for p, t in self.scores.items()]
        return "\n".join(lines + [f"{self.winner} wins ({self.how})"])


def victory(standings: Iterable[Standing], dice: Dice | None = None) -> Result:
    """Score every player and name the winner: most victory points, then fewest recruited
    points, then a d6 roll-off (K.victory)."""
    standings = list(standings)
    if len(standings) < 2:
        raise GameRuleError("victory is scored between two or more players", field="standings")
    scores = {s.player: score(s) for s in standings}
    best = max(t.value for t in scores.values())
    tied = [s for s in standings if scores[s.player].value == best]
    if len(tied) == 1:
        return Result(scores, tied[0].player, "most victory points")
    fewest = min(s.recruited for s in tied)
    tied = [s for s in tied if s.recruited == fewest]
    if len(tied) == 1:
        return Result(scores, tied[0].player, f"tied on points; recruited the fewest points, {fewest}")
    if dice is None:
        raise GameRuleError("a tie on points and recruit points is settled with a d6: give dice", field="dice")
    rolling = [s.player for s in tied]
    said = []
    while len(rolling) > 1:
        shown = [(p, dice.die(6)) for p in rolling]
        said.append(", ".join(f"{p} {f}" for p, f in shown))
        top = max(f for _, f in shown)
        rolling = [p for p, f in shown if f == top]
    return Result(scores, rolling[0], "tied on points and recruit points; d6: " + "; again: ".join(said))


def game_over(on_map: Mapping[str, int], time_up: bool = False, agreed: bool = False) -> str | None:
    """Why the game has ended, or None (K.end)."""
    left = [p for p, n in on_map.items() if n > 0]
    if len(left) <= 1:
        return "only one player has characters on the map" if left else "no player has characters on the map"
    if time_up:
        return "the agreed time limit is reached"
    if agreed:
        return "the players agree to end it"
    return None


__all__ = [
    "ACTIONS", "BUILD_TOTAL", "FirstPlayer", "GameRuleError", "Result", "Standing", "Team", "Total", "TurnRecord", "Turns",
    "fate_knockout_shares", "first_player", "game_over", "recruit", "score", "victory",
]
