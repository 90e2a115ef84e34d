"""The bench's self-play goes on where it stopped: slicing its time does not change what is played."""

from game.bench import _Playouts


def test_timed_slices_play_the_same_actions_as_one_action_at_a_time():
    sliced = _Playouts("anludim", None)
    played = sum(sliced.run(0.01) for _ in range(5))
    one_by_one = _Playouts("anludim", None)
    count = 0
    while count < played:
        count += one_by_one.play(1)
    assert played > 0
    assert (one_by_one.seed, one_by_one.steps) == (sliced.seed, sliced.steps)
    assert one_by_one.rng.getstate() == sliced.rng.getstate()
    assert one_by_one.state.log == sliced.state.log
