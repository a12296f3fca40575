"""SkyRunner rules: every rule and both worked examples of the rulebook."""
from __future__ import annotations

import json
import random

import pytest

from game.engine import ai
from game.engine.core import IllegalMove
from game.games.skyrunner.rules import KEEP, PLAYABLE, SPEC, ROUND_LIMIT, SkyRunnerMove, action_deck, card_name
from game.games.skyrunner.words import WORDS


# The mechanics tests below play with the options that keep the older rulings: the
# game picks each climb's route (ruling 6) and attacks name their target as they are
# laid down (ruling 10). The rulebook's defaults are tested at the end of the file.
TODAY = {"route": "auto", "targets": "laid"}


def new(players=2, seed=1, **options):
    return SPEC.new_game(players, seed, {**TODAY, **options})


def play_round(state, cards: dict) -> None:
    """Each seat puts down its card (notation) when its turn to choose comes."""
    for _ in range(len(cards)):
        seat = state.to_move
        state.apply(SPEC.parse_move(state, cards[seat]))


def clear(state, open_card="C3"):
    """A quiet start: every figure on the ground, no action cards, one card up."""
    for s in range(state.players):
        state.hand[s] = []
    state.open = open_card
    return state


# ---- set-up ------------------------------------------------------------------
def test_setup_deals_numbers_parasite_two_climbs_and_equipment():
    s = new(3)
    for seat in range(3):
        assert s.numbers[seat] == list(range(1, 9))
        assert s.parasite[seat]
        assert s.hand[seat] == ["C3", "C4", "E"]
        assert s.pos[seat][0] == 0
    deck = action_deck()
    assert len(deck) == 45 and sum(c[0] == "C" for c in deck) == 25 and deck.count("E") == 12
    assert deck.count("L") == 2 and deck.count("S") == 4 and sorted(c for c in deck if c[0] == "X") == ["X2", "X3"]
    # the main set holds every other action card; the top one is already up
    assert len(s.main) + 1 == 45 - 3 * 3
    assert s.open is not None and s.to_move == 0 and s.start == 0
    assert len(s.numbers) == 3  # unused colours are out of the game


def test_building_options():
    s = new(4)
    assert s.grooves == (4, 2, 1) and s.squares == 12 and s.roof == 37
    s = new(2, lower=5, middle=3, top=2, squares=8)
    assert s.grooves == (5, 3, 2) and s.roof == 25


# ---- bidding -----------------------------------------------------------------
def test_rulebook_example_equal_bids_cancel_and_the_one_wins():
    s = clear(new(5), "C3")
    play_round(s, {0: "N3", 1: "N3", 2: "N4", 3: "N4", 4: "N1"})
    assert s.hand[4] == ["C3"]
    assert all(s.hand[i] == [] for i in range(4))
    assert s.last_round["winner"] == 4


def test_highest_single_bid_wins():
    s = clear(new(3), "E")
    play_round(s, {0: "N2", 1: "N7", 2: "N5"})
    assert s.hand[1] == ["E"]


def test_all_bids_cancel_and_the_card_stays_up():
    s = clear(new(2), "C5")
    top = s.main[-1]
    play_round(s, {0: "N6", 1: "N6"})
    assert s.open == "C5" and s.main[-1] == top
    assert s.last_round["cancelled"]
    assert s.start == 1 and s.to_move == 1  # the main set still passes to the left


def test_choices_go_round_from_the_starting_player_who_moves_left():
    s = clear(new(3), "E")
    s.start = s.to_move = 2
    order = []
    for card in ("N1", "N2", "N3"):
        order.append(s.to_move)
        s.apply(SPEC.parse_move(s, card))
    assert order == [2, 0, 1]
    assert s.start == 0


def test_number_cards_and_parasite_come_back_after_all_eight():
    s = clear(new(2), None)
    s.main = []
    s.discard = []
    for v in range(1, 8):
        play_round(s, {0: f"N{v}", 1: "N1" if v == 1 else f"N{v}"})
    assert s.numbers[0] == [8] and "N1" in s.used[0]
    play_round(s, {0: "P", 1: "N8"})
    assert not s.parasite[0] and s.numbers[1] == list(range(1, 9)) and s.parasite[1]
    play_round(s, {0: "N8", 1: "N2"})
    assert s.numbers[0] == list(range(1, 9)) and s.parasite[0] and s.used[0] == []


def test_used_number_cannot_be_played_again():
    s = clear(new(2), "E")
    play_round(s, {0: "N5", 1: "N1"})
    s.open = "E"
    assert s.to_move == 1
    assert "already on your own pile" in s.check(SkyRunnerMove("play", "N1"))
    assert SkyRunnerMove("play", "N1") not in s.legal_moves()


# ---- crash ---------------------------------------------------------------------
def test_rulebook_example_crash_hits_the_lowest_single_bid():
    s = clear(new(5), "X2")
    for seat in range(5):
        s.pos[seat] = [5, seat]
    play_round(s, {0: "N6", 1: "N6", 2: "N7", 3: "N7", 4: "N8"})
    assert s.pos[4] == [3, 4]
    assert [p[0] for p in s.pos[:4]] == [5, 5, 5, 5]
    assert "X2" in s.discard and s.last_round["hit"] == 4


def test_crash_round_allows_number_cards_only():
    s = clear(new(2), "X3")
    s.hand[0] = ["C4", "S"]
    cards = {m.card[0] for m in s.legal_moves()}
    assert cards == {"N"}
    assert "crash card is up" in s.check(SkyRunnerMove("play", "C4"))


def test_crash_near_the_ground_and_on_the_ground():
    s = clear(new(2), "X3")
    s.pos[0] = [2, 0]
    play_round(s, {0: "N1", 1: "N2"})
    assert s.pos[0] == [0, 0]
    s = clear(new(2), "X3")
    s.hand[0] = ["C2", "C3", "C5"]
    play_round(s, {0: "N1", 1: "N2"})
    assert s.hand[0] == ["C2", "C5"]  # hands over a climbing card of the crash's value
    assert s.discard.count("C3") == 1  # to the shared pile (ruling 12)
    s = clear(new(2), "X3")
    s.hand[0] = ["C2"]
    play_round(s, {0: "N1", 1: "N2"})
    assert s.debts[0] == ["C"] and s.hand[0] == ["C2"]
    s.open = "C4"
    s.start = s.to_move = 0
    play_round(s, {0: "N8", 1: "N3"})
    assert s.hand[0] == ["C2"] and s.debts[0] == [] and "C4" in s.discard  # the owed card goes


# ---- parasite ------------------------------------------------------------------
def test_parasite_takes_the_climbing_cards_played_and_climbers_still_climb():
    s = clear(new(3), "E")
    s.hand[0] = ["C4"]
    s.hand[1] = ["C3"]
    play_round(s, {0: "C4", 1: "C3", 2: "P"})
    assert s.pos[0][0] == 4 and s.pos[1][0] == 3
    assert s.hand[2] == ["C3", "C4"]
    assert s.used[2] == ["P"] and not s.parasite[2]
    assert s.open == "E"  # nobody bid


def test_two_parasites_cancel():
    s = clear(new(3), "E")
    s.hand[0] = ["C4"]
    play_round(s, {0: "C4", 1: "P", 2: "P"})
    assert s.hand[1] == [] and s.hand[2] == [] and "C4" in s.discard
    assert s.used[1] == ["P"] and s.used[2] == ["P"]


# ---- climbing ------------------------------------------------------------------
def test_climb_moves_up_by_the_value():
    s = clear(new(2), "E")
    s.hand[0] = ["C5"]
    play_round(s, {0: "C5", 1: "N1"})
    assert s.pos[0][0] == 5 and "C5" in s.discard


def test_ledge_needs_equipment():
    s = clear(new(2), "E")
    s.pos[0] = [10, 0]
    s.hand[0] = ["C5"]
    play_round(s, {0: "C5", 1: "N1"})
    assert s.pos[0][0] == 12  # stops below the ledge
    s = clear(new(2), "E")
    s.pos[0] = [10, 0]
    s.hand[0] = ["C5", "E"]
    play_round(s, {0: "C5", 1: "N1"})
    assert s.pos[0][0] == 15 and s.hand[0] == [] and s.discard.count("E") == 1


def test_overtaking_in_the_same_groove_needs_equipment_and_a_four():
    s = clear(new(2, lower=1), "E")
    s.pos[0], s.pos[1] = [2, 0], [3, 0]
    s.hand[0] = ["C3", "C4", "E"]
    play_round(s, {0: "C3", 1: "N1"})
    assert s.pos[0] == [2, 0] and s.hand[0] == ["C4", "E"]  # a 3 cannot overtake; the square above is taken
    s.start = s.to_move = 0
    play_round(s, {0: "C4", 1: "N2"})
    assert s.pos[0] == [6, 0] and s.hand[0] == []


def test_overtaking_without_equipment_stops_below():
    s = clear(new(2, lower=1), "E")
    s.pos[0], s.pos[1] = [1, 0], [4, 0]
    s.hand[0] = ["C5"]
    play_round(s, {0: "C5", 1: "N1"})
    assert s.pos[0] == [3, 0]


def test_from_the_street_a_figure_keeps_its_own_groove_when_free():
    s = clear(new(2), "E")
    s.hand[1] = ["C3"]
    play_round(s, {0: "N1", 1: "C3"})
    assert s.pos[1] == [3, 1]
    s = clear(new(2), "E")
    s.pos[0] = [2, 1]
    s.hand[1] = ["C3"]
    play_round(s, {0: "N1", 1: "C3"})
    assert s.pos[1] == [3, 0]  # its own groove is blocked: it starts up the free one


def test_passing_sideways_needs_no_equipment_and_costs_a_step():
    s = clear(new(2, lower=2), "E")
    s.pos[0], s.pos[1] = [2, 0], [3, 0]
    s.hand[0] = ["C5"]
    play_round(s, {0: "C5", 1: "N1"})
    assert s.pos[0] == [6, 1]


def test_ledge_and_overtake_in_one_climb_need_two_equipment():
    s = clear(new(2, middle=1), "E")
    s.pos[0], s.pos[1] = [11, 0], [13, 0]
    s.hand[0] = ["C5", "E"]
    play_round(s, {0: "C5", 1: "N1"})
    assert s.pos[0] == [12, 0]  # one equipment passes the ledge but not the figure behind it
    s = clear(new(2, middle=1), "E")
    s.pos[0], s.pos[1] = [11, 0], [13, 0]
    s.hand[0] = ["C5", "E", "E"]
    play_round(s, {0: "C5", 1: "N1"})
    assert s.pos[0] == [16, 0] and s.hand[0] == []


def test_after_a_ledge_the_figure_takes_a_free_groove():
    s = clear(new(2, middle=2), "E")
    s.pos[0], s.pos[1] = [12, 0], [14, 0]
    s.hand[0] = ["C4", "E"]
    play_round(s, {0: "C4", 1: "N1"})
    assert s.pos[0] == [16, 1] and s.hand[0] == []


def test_roof_needs_equipment_and_wins_without_the_exact_count():
    s = clear(new(2), "E")
    s.pos[0] = [35, 0]
    s.hand[0] = ["C5"]
    play_round(s, {0: "C5", 1: "N1"})
    assert not s.is_over and s.pos[0][0] == 36
    s = clear(new(2), "E")
    s.pos[0] = [35, 0]
    s.hand[0] = ["C5", "E"]
    s.hand[1] = ["S"]
    play_round(s, {0: "C5", 1: "S p1"})
    assert s.is_over and s.outcome.winners == (0,) and s.to_move is None and s.legal_moves() == []
    assert s.pos[0][0] == s.roof  # the sabotage after the winning climb never acts
    assert s.outcome.reason == "P1 reached the roof first and wins."
    assert s.hand[0] == [] and s.discard.count("E") == 1  # the climb onto the roof spent its equipment


def test_the_climb_onto_the_roof_spends_one_equipment_card_and_keeps_the_rest():
    s = clear(new(2), "N1")
    s.pos[0] = [35, 0]
    s.hand[0] = ["C5", "E", "E"]
    play_round(s, {0: "C5", 1: "N1"})
    assert s.pos[0][0] == s.roof and s.hand[0] == ["E"] and s.discard.count("E") == 1
    assert s.last_round["notes"][0][1:] == ["climb", {"rise": 2, "value": 5, "side": 0, "used": 1}]


def test_equipment_is_never_played_alone():
    s = clear(new(2), "E")
    s.hand[0] = ["E"]
    assert all(m.card != "E" for m in s.legal_moves())
    assert "never played alone" in s.check(SkyRunnerMove("play", "E"))


# ---- attacks -------------------------------------------------------------------
def test_lost_equipment_takes_an_equipment_or_leaves_a_debt():
    s = clear(new(2), "C2")
    s.hand[0] = ["L"]
    s.hand[1] = ["E"]
    play_round(s, {0: "L p2", 1: "N1"})
    assert "E" not in s.hand[1] and s.discard.count("E") == 1 and "L" in s.discard
    s = clear(new(2), "E")
    s.hand[0] = ["L"]
    play_round(s, {0: "L p2", 1: "N1"})
    # the debt claims the equipment seat 2 wins in the same round
    assert s.hand[1] == [] and s.debts[1] == [] and s.discard.count("E") == 1
    assert [1, "owes equipment", {}] in s.last_round["notes"]


def test_sabotage_moves_down_three_or_to_the_ground():
    s = clear(new(2), "E")
    s.pos[1] = [7, 1]
    s.hand[0] = ["S", "S"]
    play_round(s, {0: "S p2", 1: "N1"})
    assert s.pos[1] == [4, 1]
    s.pos[1] = [2, 1]
    s.start = s.to_move = 0
    play_round(s, {0: "S p2", 1: "N2"})
    assert s.pos[1] == [0, 1]


def test_sabotage_on_the_ground_takes_a_climbing_card_of_three_or_more():
    s = clear(new(2), "E")
    s.hand[0] = ["S"]
    s.hand[1] = ["C2", "C4", "C5"]
    play_round(s, {0: "S p2", 1: "N1"})
    assert [c for c in s.hand[1] if c[0] == "C"] == ["C2", "C5"]
    assert s.discard.count("C4") == 1  # handed over to the shared pile (ruling 12), not lost from the game


def test_sabotage_down_a_ledge_lands_in_a_groove_below():
    s = clear(new(3, middle=1), "E")
    s.pos[1] = [14, 0]
    s.hand[0] = ["S"]
    play_round(s, {0: "S p2", 1: "N1", 2: "N2"})
    assert s.pos[1] == [11, 0]


def test_a_falling_figure_takes_the_one_it_lands_on_down():
    s = clear(new(2, lower=1), "E")
    s.pos[0], s.pos[1] = [4, 0], [7, 0]
    s.hand[0] = ["S"]
    play_round(s, {0: "S p2", 1: "N1"})
    assert s.pos[1] == [4, 0] and s.pos[0] == [1, 0]


def test_sabotage_before_a_climb_in_turn_order():
    s = clear(new(2), "E")
    s.pos[1] = [13, 1]
    s.hand[0] = ["S"]
    s.hand[1] = ["C5"]
    play_round(s, {0: "S p2", 1: "C5"})
    assert s.pos[1][0] == 12  # fell to 10 and, without equipment, climbs only up to the ledge


def test_won_sabotage_may_be_used_at_once_or_kept():
    s = clear(new(3), "S")
    s.pos[2] = [6, 2]
    play_round(s, {0: "N8", 1: "N1", 2: "N2"})
    assert s.phase == "use" and s.to_move == 0
    moves = [str(m) for m in s.legal_moves()]
    assert moves == ["use p2", "use p3", "keep"]
    s.apply(SPEC.parse_move(s, "use p3"))
    assert s.pos[2] == [3, 2] and "S" in s.discard and s.phase == "choose" and s.start == 1
    s = clear(new(3), "L")
    play_round(s, {0: "N8", 1: "N1", 2: "N2"})
    s.apply(SPEC.parse_move(s, "keep"))
    assert s.hand[0] == ["L"] and s.phase == "choose"
    assert "card from your hand first" in s.check(SkyRunnerMove("use", against=1))  # nothing won waits now


def test_attack_needs_another_player():
    s = clear(new(2), "E")
    s.hand[0] = ["S"]
    assert [str(m) for m in s.legal_moves() if m.card == "S"] == ["S p2"]
    assert "another player" in s.check(SkyRunnerMove("play", "S", against=0))


# ---- card flow -------------------------------------------------------------------
def test_used_cards_go_to_the_shared_pile_and_return_when_the_main_set_is_empty():
    s = clear(new(2), "E")
    s.main = []
    s.hand[0] = ["C4"]
    play_round(s, {0: "C4", 1: "N8"})
    assert s.hand[1] == ["E"]
    assert s.open == "C4" and s.main == [] and s.discard == []  # the pile was shuffled into a new main set
    assert "N8" in s.used[1]  # own-colour cards stay on their owner's pile


def test_a_stalled_game_ends_at_the_round_limit():
    s = clear(new(2), None)
    s.main, s.discard = [], []
    s.pos[1] = [3, 1]
    s.round = ROUND_LIMIT
    play_round(s, {0: "N1", 1: "N2"})
    assert s.is_over and s.outcome.winners == (1,)
    assert s.outcome.reason.endswith("nobody reached the roof: P2 climbed highest and wins.")


# ---- notation, explanations, hidden information ----------------------------------
def test_notation_round_trips_and_rejects_nonsense():
    s = clear(new(3), "E")
    s.hand[0] = ["C3", "L", "S"]
    for m in s.legal_moves():
        assert SPEC.parse_move(s, str(m)) == m
    with pytest.raises(IllegalMove):
        SPEC.parse_move(s, "Z9")
    with pytest.raises(IllegalMove):
        s.apply(SkyRunnerMove("play", "C5"))


def test_explain_click_names_the_rule():
    s = clear(new(2), "X2")
    s.hand[0] = ["C3"]
    assert "crash" in s.explain_click((("card", "C3"),))
    assert "card from your hand first" in s.explain_click((("seat", 1),))


def test_a_card_laid_after_another_in_the_round_is_chosen_unseen():
    """The search (engine/ai.py) judges such a card without the ones laid face down before it."""
    s = clear(new(3))
    seen = []
    for _ in range(4):  # the round's three cards, then the next round's first
        seen.append((s.phase, s.unseen_choices()))
        s.apply(s.legal_moves()[0])
    assert seen == [("choose", False), ("choose", True), ("choose", True), ("choose", False)]


def test_view_hides_other_hands_and_choices():
    s = clear(new(3), "E")
    s.hand[1] = ["C5", "S"]
    s.apply(SPEC.parse_move(s, "N7"))
    v = s.view(1)
    text = json.dumps(v)
    assert v["my_choice"] is None and v["seats"][0]["chosen"]
    assert "N7" not in json.dumps(v["seats"]) and v["seats"][0]["numbers"] == list(range(1, 9))
    assert v["hand"] == ["C5", "S"] and s.view(2)["hand"] == [] and s.view(2)["seats"][1]["cards"] == 2
    assert "C5" not in json.dumps(s.view(2))
    assert s.view(0)["my_choice"] == ["N7", -1]
    assert "N7" not in text
    assert WORDS.move(s, SPEC.parse_move(s, "N1")) == "P2 puts a card face down"


def test_last_choice_reveals_the_round_in_the_log():
    s = clear(new(2), "E")
    s.apply(SPEC.parse_move(s, "N7"))
    label = WORDS.move(s, SPEC.parse_move(s, "N3"))
    assert "P1 Number 7" in label and "P2 Number 3" in label and "P1 wins the Equipment" in label
    assert s.reveals(SPEC.parse_move(s, "N3"))


def _hidden_changed(state, seat):
    """The same position for `seat`, with other hands and choices swapped around."""
    other = state.clone()
    others = [s for s in range(state.players) if s != seat]
    pool = other.main + [c for s in others for c in other.hand[s]]
    random.Random(5).shuffle(pool)
    for s in others:
        k = len(other.hand[s])
        other.hand[s], pool = sorted(pool[:k]), pool[k:]
    other.main = pool
    for s in others:
        if other.chosen[s] is not None:
            other.chosen[s] = ["N1" if other.chosen[s][0] != "N1" else "N2", -1]
    return other


def test_ai_never_reads_another_seats_hidden_cards():
    s = new(3, seed=7)
    s.apply(SPEC.parse_move(s, "N5"))  # seat 0's hidden choice
    seat = s.to_move
    changed = _hidden_changed(s, seat)
    assert changed.to_json() != s.to_json()
    assert json.dumps(changed.view(seat), sort_keys=True) == json.dumps(s.view(seat), sort_keys=True)
    a = ai.choose_move(ai.SearchRequest(s, "easy", 11, iterations=60)).move
    b = ai.choose_move(ai.SearchRequest(changed, "easy", 11, iterations=60)).move
    assert a == b
    da = s.determinize(seat, random.Random(3))
    db = changed.determinize(seat, random.Random(3))
    assert da.to_json() == db.to_json()


def test_determinize_keeps_the_view_and_the_counts():
    s = new(3, seed=2)
    s.apply(SPEC.parse_move(s, "C4"))
    d = s.determinize(1, random.Random(1))
    assert d.view(1) == s.view(1)
    assert [len(h) for h in d.hand] == [len(h) for h in s.hand]
    assert sorted(d.main + d.hand[0] + d.hand[2]) == sorted(s.main + s.hand[0] + s.hand[2])


# ---- the rulebook's defaults: the climber chooses, targets are picked as the card acts --------
def rulebook(players=2, seed=1, **options):
    """A game with the default options, every figure on the ground and no action cards."""
    return clear(SPEC.new_game(players, seed, options), "E")


def routes(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def test_defaults_are_the_rulebooks():
    assert SPEC.default_options()["route"] == "choose" and SPEC.default_options()["targets"] == "act"


def test_ruling_6_overtake_with_equipment_or_go_round_sideways_and_keep_it():
    # "A player who wants to overcome one of these obstacles or overtake another player,
    # must first play a climbing card." Overtaking is for a player who wants to.
    s = rulebook(lower=2)
    s.pos[0], s.pos[1] = [2, 0], [3, 0]
    s.hand[0] = ["C4", "E"]
    play_round(s, {0: "C4", 1: "N1"})
    assert s.phase == "route" and s.to_move == 0
    assert routes(s) == ["to 6 g1", "to 5 g2"]  # straight past with the equipment, or round it and keep it
    assert [m.targets for m in s.legal_moves()] == [(("square", 6, 0),), (("square", 5, 1),)]
    view = s.view(0)
    assert [(r["to"], r["used"], r["side"]) for r in view["routes"]] == [([6, 0], 1, 0), ([5, 1], 0, 1)]
    assert view["routes"][1]["path"] == [[2, 0], [2, 1], [3, 1], [4, 1], [5, 1]]
    assert s.view(1)["routes"] == []  # only the climber is shown the ways (they tell its equipment)
    s.apply(SPEC.parse_move(s, "to 5 g2"))
    assert s.pos[0] == [5, 1] and s.hand[0] == ["E"] and s.phase == "choose"
    assert "E" in s.hand[1], "the bids are settled after the climb"


def test_ruling_6_after_a_ledge_the_climber_picks_the_groove_or_keeps_the_equipment():
    # "A player who passes a ledge may continue to climb up in any groove he or she likes."
    s = rulebook(middle=2)
    s.pos[0] = [10, 0]
    s.hand[0] = ["C5", "E"]
    play_round(s, {0: "C5", 1: "N1"})
    assert routes(s) == ["to 15 g1", "to 15 g2", "to 12 g1"]
    s.apply(SPEC.parse_move(s, "to 15 g2"))
    assert s.pos[0] == [15, 1] and "E" not in s.hand[0]
    s = rulebook(middle=2)
    s.pos[0] = [10, 0]
    s.hand[0] = ["C5", "E"]
    play_round(s, {0: "C5", 1: "N1"})
    s.apply(SPEC.parse_move(s, "to 12 g1"))  # stops below the ledge and keeps the equipment
    assert s.pos[0] == [12, 0] and s.hand[0] == ["E"]


def test_ruling_6_one_sensible_way_stays_automatic():
    s = rulebook(lower=1)
    s.pos[0] = [2, 0]
    s.hand[0] = ["C3", "E"]
    play_round(s, {0: "C3", 1: "N1"})
    assert s.phase == "choose" and s.pos[0] == [5, 0] and s.hand[0] == ["E"]


def test_ruling_6_a_refused_route_and_its_notation():
    s = rulebook(lower=2)
    s.pos[0], s.pos[1] = [2, 0], [3, 0]
    s.hand[0] = ["C4", "E"]
    play_round(s, {0: "C4", 1: "N1"})
    for m in s.legal_moves():
        assert SPEC.parse_move(s, str(m)) == m and s.check(m) is None
    assert "lit squares" in s.check(SPEC.parse_move(s, "to 4 g1"))
    assert "climbs now" in s.check(SPEC.parse_move(s, "N5"))
    before = s.to_json()
    with pytest.raises(IllegalMove):
        s.apply(SPEC.parse_move(s, "to 4 g1"))
    assert s.to_json() == before
    assert "lit" in WORDS.phase(s)


def test_ruling_6_route_moves_replay_from_notation():
    s = rulebook(lower=2, seed=4)
    s.pos[0], s.pos[1] = [2, 0], [3, 0]
    s.hand[0] = ["C4", "E"]
    play_round(s, {0: "C4", 1: "N1"})
    move = SPEC.parse_move(s, "to 6 g1")
    label = WORDS.move(s, move)
    s.apply(move)
    assert s.pos[0] == [6, 0] and s.hand[0] == [] and "P1 climbs 4 (1 equipment)" in label


def test_ruling_10_the_target_is_picked_when_the_card_acts():
    # "When it is the player's turn, he or she chooses a fellow player who has to place an
    # equipment card on the joint stack."
    s = rulebook(3)
    s.hand[0] = ["L"]
    s.hand[2] = ["E"]
    assert [str(m) for m in s.legal_moves() if m.card == "L"] == ["L"]
    assert "alone" in s.check(SkyRunnerMove("play", "L", against=1))
    play_round(s, {0: "L", 1: "N1", 2: "N2"})
    assert s.phase == "target" and s.to_move == 0
    assert routes(s) == ["on p2", "on p3"]
    # acting against a player spends a rare card: its click path asks for a confirming second click
    assert [m.targets for m in s.legal_moves()] == [(("seat", 1), ("seat", 1)), (("seat", 2), ("seat", 2))]
    assert "another player" in s.check(SkyRunnerMove("aim", against=0))
    s.apply(SPEC.parse_move(s, "on p3"))
    assert s.discard.count("E") == 1 and "L" in s.discard and s.hand[1] == []
    assert s.hand[2] == ["E"], "its equipment went to the shared pile; then the 2 wins the one up"


def test_ruling_10_the_target_is_picked_after_earlier_cards_acted():
    # sabotage, then the cards after it in turn order: the climb it was aimed at comes later
    s = rulebook(3)
    s.start = s.to_move = 1
    s.pos[0], s.pos[1], s.pos[2] = [5, 0], [1, 1], [7, 2]
    s.hand[1] = ["C5"]
    s.hand[2] = ["S"]
    play_round(s, {1: "C5", 2: "S", 0: "N1"})
    assert s.pos[1] == [6, 1] and s.phase == "target" and s.to_move == 2
    s.apply(SPEC.parse_move(s, "on p2"))  # now the highest
    assert s.pos[1] == [3, 1] and s.phase == "choose"


def test_ruling_10_option_names_the_target_when_laid():
    s = rulebook(2, targets="laid")
    s.hand[0] = ["S"]
    assert [str(m) for m in s.legal_moves() if m.card == "S"] == ["S p2"]
    assert "as you lay it down" in s.check(SkyRunnerMove("play", "S"))
    s.pos[1] = [7, 1]
    play_round(s, {0: "S p2", 1: "N1"})
    assert s.pos[1] == [4, 1] and s.phase == "choose"


SIDEWAYS = ("A climbing card used to overtake another player must have a value of at least 4. "
            "If sufficient grooves are available, a player can also be passed sideways. "
            "No equipment card is required in this case.")


@pytest.mark.parametrize("route", ["choose", "auto"])
def test_ruling_5_passing_sideways_needs_a_four_but_no_equipment(route):
    # SIDEWAYS: passing sideways is overtaking ("also be passed"); only the equipment is waived.
    assert "at least 4" in SIDEWAYS and "No equipment card is required" in SIDEWAYS
    s = rulebook(lower=2, route=route)
    s.pos[0], s.pos[1] = [2, 0], [3, 0]
    s.hand[0] = ["C3"]
    play_round(s, {0: "C3", 1: "N1"})
    assert s.phase == "choose" and s.pos[0] == [3, 1], "with a 3 it may go round only as far as level"
    s = rulebook(lower=2, route=route)
    s.pos[0], s.pos[1] = [2, 0], [3, 0]
    s.hand[0] = ["C4"]
    play_round(s, {0: "C4", 1: "N1"})
    assert s.phase == "choose" and s.pos[0] == [5, 1] and "E" not in s.discard


@pytest.mark.parametrize("options", [{}, {"route": "auto"}, {"targets": "laid"}, {"route": "auto", "targets": "laid"}])
def test_random_games_under_every_option_end_and_round_trip(options):
    for seed in range(3):
        s = SPEC.new_game(3, seed, options)
        rng = random.Random(seed)
        kinds = set()
        for _ in range(3000):
            if s.is_over:
                break
            moves = s.legal_moves()
            assert len({m.targets for m in moves}) == len(moves)
            for m in moves:
                assert SPEC.parse_move(s, str(m)) == m and s.check(m) is None
            move = rng.choice(moves)
            kinds.add(move.kind)
            assert WORDS.move(s, move) and WORDS.phase(s)
            s.apply(move)
        assert s.is_over
        if options.get("route") == "auto":
            assert "route" not in kinds
        if options.get("targets") == "laid":
            assert "aim" not in kinds


def test_the_computer_chooses_routes_and_targets():
    s = rulebook(lower=2)
    s.pos[0], s.pos[1] = [2, 0], [3, 0]
    s.hand[0] = ["C4", "E"]
    play_round(s, {0: "C4", 1: "N1"})
    assert ai.choose_move(ai.SearchRequest(s, "easy", 1, iterations=60)).move in s.legal_moves()
    s = rulebook(3)
    s.hand[0] = ["S"]
    s.pos[2] = [9, 2]
    play_round(s, {0: "S", 1: "N1", 2: "N2"})
    assert str(ai.choose_move(ai.SearchRequest(s, "normal", 1, iterations=200)).move) in ("on p2", "on p3")


# ---- legality written once: fault, the legal moves and refused clicks agree -----------------
def every_move(state):
    """A superset of the legal moves: every kind with every card, player and square,
    and moves that set a field their kind does not use."""
    seats = range(-1, state.players + 1)
    for card in ("",) + tuple(sorted(PLAYABLE)) + ("X2", "X3", "Z"):
        for seat in seats:
            yield SkyRunnerMove("play", card, seat)
    for seat in seats:
        yield SkyRunnerMove("use", against=seat)
        yield SkyRunnerMove("aim", against=seat)
    yield KEEP
    for y in range(-1, state.roof + 2):
        for g in range(-1, max(state.grooves) + 1):
            yield SkyRunnerMove("route", height=y, groove=g)
    yield from (SkyRunnerMove("keep", card="N1"), SkyRunnerMove("use", card="N1", against=1),
                SkyRunnerMove("play", "N1", height=3, groove=0), SkyRunnerMove("route", against=1, height=3, groove=0),
                SkyRunnerMove("aim", against=1, height=0, groove=0), SkyRunnerMove("x"))


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"route": "auto", "targets": "laid"}])
def test_fault_is_none_exactly_for_the_legal_moves(options):
    phases = set()
    for seed in range(4):
        s = SPEC.new_game(2 + seed % 3, seed, options)
        rng = random.Random(seed)
        while not s.is_over:
            legal = set(s.legal_moves())
            phases.add(s.phase)
            for m in every_move(s):
                reason = s.fault(m)
                assert (reason is None) == (m in legal), (s.phase, m, reason)
                assert reason is None or reason.strip()
            s.apply(rng.choice(sorted(legal, key=str)))
        assert s.fault(KEEP) == "The game is over."
    assert phases >= {"choose", "use"} | ({"route", "target"} if not options else set())


def test_moves_listed_before_a_move_are_judged_afresh_after_it():
    """check takes a just-listed move as legal without asking fault; once a move is
    applied, the old list must not vouch for anything."""
    stale_refused = 0
    for seed in range(3):
        s = SPEC.new_game(2 + seed, seed)
        rng = random.Random(seed)
        while not s.is_over:
            listed = s.legal_moves()
            assert all(s.check(m) is None for m in listed)
            s.apply(rng.choice(listed))
            for m in listed:
                assert s.check(m) == s.fault(m), m
                stale_refused += s.check(m) is not None
    assert stale_refused > 100  # the old lists did hold moves no longer legal


def test_a_refused_click_says_the_fault_of_the_move_it_would_have_made():
    s = rulebook(3)
    s.hand[0] = ["L", "C4"]
    s.open = "X2"
    for path, move in [((("card", "C4"),), SkyRunnerMove("play", "C4")), ((("seat", 1),), SkyRunnerMove("aim", against=1)),
                       ((("button", "keep"),), KEEP), ((("square", 3, 0),), SkyRunnerMove("route", height=3, groove=0))]:
        assert s.fault(move) and s.explain_click(path) == s.fault(move)
    s.open = "E"
    s.targets = "laid"
    assert s.explain_click((("card", "L"), ("seat", 0))) == s.fault(SkyRunnerMove("play", "L", against=0)) == \
        "Play the Lost equipment against another player."
    play_round(s, {0: "N8", 1: "N1", 2: "N2"})
    s.phase, s.pending, s.to_move = "use", [0, "S"], 0  # a sabotage just won
    assert s.explain_click((("seat", 0),)) == s.fault(SkyRunnerMove("use", against=0)) == "Use it on another player, not on yourself."
    assert s.explain_click((("card", "N3"),)) == s.fault(SkyRunnerMove("play", "N3"))
    assert "just won" in s.fault(SkyRunnerMove("play", "N3"))


# ---- words: what the log says ------------------------------------------------------------
def test_the_log_never_names_a_card_still_face_down_but_its_owner_is_told():
    for seed in range(3):
        s = SPEC.new_game(3, seed, {"targets": "laid"})
        rng = random.Random(seed)
        while not s.is_over:
            moves = s.legal_moves()
            if s.phase == "choose" and not s.reveals(moves[0]):
                lines = {WORDS.move(s, m) for m in moves}
                assert lines == {f"P{s.to_move + 1} puts a card face down"}
                for m in moves:
                    if m.against >= 0:
                        assert WORDS.confirm(s, m) == \
                            f"P{s.to_move + 1} plays the {card_name(m.card)} against P{m.against + 1}"
            s.apply(rng.choice(moves))


def test_a_revealed_round_reads_as_one_line():
    s = clear(new(3), "C3")
    s.hand[0] = ["S"]
    s.pos[1] = [7, 1]
    s.hand[2] = ["C4"]
    s.apply(SPEC.parse_move(s, "S p2"))
    s.apply(SPEC.parse_move(s, "N5"))
    entry = s.log_entry(SPEC.parse_move(s, "C4"))
    assert entry.verb == "round" and entry.seat == 2
    assert WORDS.entry(entry) == ("Round 1 (Climb 3 up): P1 Sabotage on P2, P2 Number 5, P3 Climb 4. "
                                  "P2 falls 3; P3 climbs 4; P2 wins the Climb 3 with 5.")
