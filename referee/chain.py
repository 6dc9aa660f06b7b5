"""A persistent append-only sequence: O(1) append without touching the old value.

The referee's state keeps the whole night's event log and transfers. With tuples every event
would copy the night so far (quadratic over a long night); a chain shares its past instead.
"""

from __future__ import annotations

from typing import Any, Generic, Iterator, TypeVar

T = TypeVar("T")


class Chain(Generic[T]):
    __slots__ = ("_prev", "_item", "_len")

    def __init__(self, prev: "Chain[T] | None" = None, item: Any = None, length: int = 0) -> None:
        self._prev = prev
        self._item = item
        self._len = length

    @classmethod
    def of(cls, items) -> "Chain[T]":
        chain: Chain[T] = EMPTY
        for item in items:
            chain = chain.append(item)
        return chain

    def append(self, item: T) -> "Chain[T]":
        return Chain(self, item, self._len + 1)

    def extend(self, items) -> "Chain[T]":
        chain = self
        for item in items:
            chain = chain.append(item)
        return chain

    def __len__(self) -> int:
        return self._len

    def _reversed(self) -> Iterator[T]:
        node = self
        while node._len:
            yield node._item
            node = node._prev

    def __iter__(self) -> Iterator[T]:
        return iter(self.to_tuple())

    def to_tuple(self) -> tuple[T, ...]:
        items = list(self._reversed())
        items.reverse()
        return tuple(items)

    def last(self) -> T:
        if not self._len:
            raise IndexError("empty chain")
        return self._item

    def __getitem__(self, index: int) -> T:
        return self.to_tuple()[index]

    def since(self, length: int) -> tuple[T, ...]:
        """The items appended after the chain had `length` items (cheap for a few new items)."""
        out = []
        node = self
        while node._len > length:
            out.append(node._item)
            node = node._prev
        out.reverse()
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Chain):
            return self._len == other._len and (self is other or self.to_tuple() == other.to_tuple())
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.to_tuple())

    def __repr__(self) -> str:
        return f"Chain({list(self.to_tuple())!r})"


EMPTY: Chain = Chain()
