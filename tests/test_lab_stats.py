"""The lab's statistics against hand-computed values, and its A/B verdict on a synthetic game whose
outcome probabilities are known (tests/coingame.py)."""

import pytest

from game import labstats
from game.i18n import Strings
from game.simulate import Plan, play_records


def test_wilson_interval_known_answers():
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I.
    assert labstats.wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)
    assert labstats.wilson(15, 148) == pytest.approx((0.0624, 0.1605), abs=5e-5)
    assert labstats.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)
    assert labstats.wilson(0, 0) == (0.0, 1.0)


def test_newcombe_difference_known_answer():
    # Newcombe (1998), "Interval estimation for the difference between independent proportions":
    # 56/70 - 48/80 = 0.2000, method 10 interval 0.0524 to 0.3339.
    d, lo, hi = labstats.newcombe(48, 80, 56, 70)
    assert (d, lo, hi) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)


def test_distribution_and_games_needed_by_hand():
    assert labstats.distribution([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) == {"mean": 5.5, "median": 5.5, "p90": 9}
    # (1.96 + 0.8416)^2 * (0.5*0.5 + 0.6*0.4) / 0.1^2 = 384.6 -> 385 games per side
    assert labstats.games_needed_proportions(0.5, 0.6) == 385
    assert labstats.games_needed_proportions(0.5, 0.5) is None


def _coin(p, games, length=3):
    plan = Plan(engine="tests.coingame:ENGINE", seats=("pass", "pass"), games=games, seed=3,
                content={"p": p, "length": length})
    return play_records(plan, workers=1)


def test_a_known_advantage_is_found_and_its_rate_is_inside_the_interval():
    stats = labstats.analyse(_coin(0.7, 1000))
    seat1 = stats["seats"][0]
    assert seat1["lo"] < 0.7 < seat1["hi"] and seat1["n"] == 1000
    heads = stats["entries"][0]
    assert heads["id"] == "coin:heads" and heads["used"]["rate"] == 1.0 and heads["significant"]


def test_verdicts_on_known_probabilities():
    strings = Strings("en")
    a = _coin(0.5, 2000)
    big = labstats.compare(a, _coin(0.6, 2000))[0]
    assert big["significant"] and big["lo"] > 0 and labstats.verdict(big)["key"] == "lab.verdict.significant"
    same = labstats.compare(a[:300], a[:300])[0]
    assert labstats.verdict(same)["key"] == "lab.verdict.identical"
    small = labstats.compare(_coin(0.50, 300), _coin(0.53, 300))[0]
    assert not small["significant"] and small["lo"] < 0 < small["hi"]
    assert small["needed"] > 1000  # a ~3-point change needs thousands of games per side
    text = strings.render(labstats.verdict(small))
    assert text.startswith("no detectable change with 300 games; about ")
    assert "French" not in Strings("fr").render(labstats.verdict(small))


def test_length_means_compare_as_means():
    lines = labstats.compare(_coin(0.5, 200, length=3), _coin(0.5, 200, length=5))
    actions = next(line for line in lines if line["figure"] == ["actions"])
    assert actions["kind"] == "mean" and actions["diff"] == 2 and actions["significant"]


def test_report_words_give_the_group_sizes_and_group_digits():
    """An entry's line says how many seats used it and how many did not (a +33.7 pts difference
    over 2 seats is no evidence), and big counts are grouped the language's way."""
    from game.i18n import Strings, count_text
    from game.lab import entry_text

    e = {"label": "Talisman", "games": 200, "used": {"rate": 0.337, "n": 598}, "not_used": {"rate": 0.0, "n": 2},
         "effect": 0.337, "lo": -0.055, "hi": 0.376, "significant": False}
    fr, en = entry_text(e, Strings("fr")), entry_text(e, Strings("en"))
    assert "200 parties : 33,7\u00a0% de victoires sur 598 sièges qui s'en sont servis, contre 0,0\u00a0% sur 2 autres" in fr
    assert "200 games: 33.7\u00a0% wins for the 598 seats that used it, against 0.0\u00a0% for 2 others" in en
    assert (count_text(15596, "fr"), count_text(15596, "en"), count_text(1861, "fr"), count_text(1861, "en")) == (
        "15\u00a0596", "15,596", "1861", "1,861")
    assert count_text(1234567, "en") == "1,234,567" and count_text(2.5, "fr") == "2,5"
    verdict = {"key": "lab.verdict.no_change", "params": {"count": 200, "needed": 15596}}
    assert Strings("fr").render(verdict) == ("aucun changement décelable sur 200 parties ; il faudrait environ "
                                             "15\u00a0596 parties pour déceler un changement de cette taille")
