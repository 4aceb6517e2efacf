"""The arena's ``"ray"`` backend: a match's games spread over a Ray cluster.

:class:`RayBackend` sends the games of :func:`canasta_family.arena.play_match` in chunks
to Ray tasks, each playing its games with :func:`~canasta_family.arena.play_one`, and
yields the outcomes as chunks finish. Every game's seed comes from the match, not from
where it runs, so a match gives the same results as with the local process pool. Ray is
imported only when a match runs (install the ``ray`` extra). Without an address a local
Ray instance is started for the match and shut down after it; with one (``"auto"``,
``"ray://head:10001"``, …) the backend joins that cluster and leaves it running. See
``docs/scale.md``.

>>> backend = RayBackend(jobs=2)
>>> backend.address is None, backend.chunk_size(1000, 2)
(True, 32)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from canasta_family.arena import GameOutcome, GameSpec, play_one

__all__ = ["RayBackend", "play_chunk"]


def play_chunk(specs: Sequence[GameSpec]) -> list[GameOutcome]:
    """Play a chunk of games (what each Ray task runs).

    >>> from canasta_family.arena import GameSpec
    >>> from canasta_family.players.kinds import parse_player_spec
    >>> spec = GameSpec(0, "american-samba", 2, 5, (parse_player_spec("random"),) * 2,
    ...                 max_actions=20)
    >>> [o.actions for o in play_chunk([spec])]
    [20]
    """
    return [play_one(spec) for spec in specs]


class RayBackend:
    """Runs the games of a match as Ray tasks (see the module documentation).

    ``jobs`` is the number of CPUs of the local instance started when no ``address`` is
    given; on a cluster its CPUs set the parallelism. ``max_chunk`` bounds the games per
    task; ``init_options`` go to ``ray.init`` as they are (``runtime_env``, …).
    """

    def __init__(self, jobs: int = 1, *, address: str | None = None, max_chunk: int = 32,
                 init_options: dict[str, Any] | None = None) -> None:
        if max_chunk < 1:
            raise ValueError(f"max_chunk must be at least 1, not {max_chunk}")
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self.address = address
        self.max_chunk = max_chunk
        self.init_options = dict(init_options or {})

    def chunk_size(self, games: int, workers: int) -> int:
        """Games per task: about eight tasks per worker (so load stays even and results
        flow back steadily), at most ``max_chunk``.

        >>> RayBackend(max_chunk=8).chunk_size(10_000, 64)
        8
        """
        return max(1, min(self.max_chunk, games // max(1, workers * 8)))

    def run(self, specs: Sequence[GameSpec]) -> Iterator[GameOutcome]:
        """Play every spec on Ray and yield the outcomes as their chunks finish (an
        example that starts Ray is in ``tests/test_ray_backend.py``: starting it takes
        seconds)."""
        import ray  # the optional dependency, only when a match runs

        started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if self.address is None:
                options["num_cpus"] = self.jobs
            else:
                options["address"] = self.address
            options.update(self.init_options)
            ray.init(**options)
            started = True
        try:
            resources = ray.cluster_resources()  # type: ignore[no-untyped-call]  # Ray's own
            workers = max(1, int(resources.get("CPU", self.jobs)))
            size = self.chunk_size(len(specs), workers)
            task = ray.remote(num_cpus=1)(play_chunk)
            chunks = [list(specs[i:i + size]) for i in range(0, len(specs), size)]
            # Keep a bounded number of chunks in flight: the driver holds few results at a
            # time however large the match.
            in_flight: list[Any] = []
            limit = workers * 2
            for chunk in chunks:
                if len(in_flight) >= limit:
                    done, in_flight = ray.wait(in_flight, num_returns=1)
                    for ref in done:
                        yield from ray.get(ref)
                in_flight.append(task.remote(chunk))
            while in_flight:
                done, in_flight = ray.wait(in_flight, num_returns=1)
                for ref in done:
                    yield from ray.get(ref)
        finally:
            if started:
                ray.shutdown()
