"""Card sheets: CSV data files a designer edits, validated strictly against a schema.

A game declares its schema once (in its spec). Loading fails on the first problem with
the file, the line and the field, and the values that would be accepted.
"""

from __future__ import annotations

import codecs
import csv
import difflib
import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from simulator.core.errors import CardSheetError, ConfigError
from simulator.core.limits import CARD_ID

ParamValue = int | float | str

CellValue = str | int | float | dict[str, ParamValue] | tuple[str, ...] | None
"""A parsed cell: text, a number, a choice, `key=value` parameters, `|`-separated names, or
None where an optional cell is empty (which of them, a column's `Field.kind` says)."""


@dataclass(frozen=True)
class Field:
    """One column of a card sheet."""

    name: str
    kind: str = "str"  # str | int | float | choice | params | names
    required: bool = True
    choices: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class CardSchema:
    """The columns of a game's card sheet plus a cross-row check supplied by the game."""

    fields: tuple[Field, ...]
    check: Callable[[CardSheet], None] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)


@dataclass(frozen=True)
class Need:
    """The meaningful range of one number of a card sheet (a power's parameter, a rule
    number kept in the sheet): what the game can mean by it. `deckhand balance` searches
    within it (GameSpec.param_ranges)."""

    least: float
    most: float | None = None
    whole: bool = True
    above: bool = False
    """`least` itself is excluded."""
    why: str = ""

    def fault(self, value: object) -> str | None:
        """Why `value` is outside the range, or None."""
        if not isinstance(value, int | float) or isinstance(value, bool):
            return "is not a number"
        if self.whole and not isinstance(value, int):
            return "is not a whole number"
        if value < self.least or (self.above and value == self.least):
            return f"is {'at most' if self.above else 'below'} {self.least:g}"
        if self.most is not None and value > self.most:
            return f"is above {self.most:g}"
        return None

    def text(self) -> str:
        """The range in words: `a whole number at least 1 and at most 3`."""
        kind = "a whole number" if self.whole else "a number"
        bounds = f"{'above' if self.above else 'at least'} {self.least:g}"
        if self.most is not None:
            bounds += f" and at most {self.most:g}"
        return f"{kind} {bounds}"


@dataclass
class CardRow:
    """One parsed row; `line` is its line number in the file (header is line 1)."""

    line: int
    values: dict[str, Any]
    """Column -> parsed cell (a CellValue). `Any`, not the union: what a column holds its
    schema says (a game's rules read `row["cost"]` as the number its sheet declares)."""

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def get(self, key: str, default: object = None) -> Any:
        return self.values.get(key, default)


@dataclass
class CardSheet:
    """A validated card sheet: its rows, where it came from and the hash of its bytes."""

    path: Path
    rows: list[CardRow]
    sha256: str
    schema: CardSchema = field(repr=False)

    def error(self, row: CardRow, field_name: str | None, message: str) -> CardSheetError:
        return CardSheetError(str(self.path), row.line, field_name, message)


def parse_params(text: str) -> dict[str, ParamValue]:
    """Parse `key=value;key=value`; numbers become int or float."""
    params: dict[str, ParamValue] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise ValueError(f"'{part}' is not key=value (write parameters as key=value;key=value)")
        key, value = (s.strip() for s in part.split("=", 1))
        if not key.isidentifier():
            raise ValueError(f"parameter name '{key}' is not a plain identifier")
        params[key] = _number_or_text(value)
    return params


def _number_or_text(value: str) -> ParamValue:
    try:
        return int(value)
    except ValueError:
        pass
    try:
        return float(value)
    except ValueError:
        return value


def _convert(f: Field, raw: str) -> CellValue:
    if f.kind == "str":
        return raw
    if f.kind == "int":
        try:
            number = int(raw)
        except ValueError:
            raise ValueError(f"'{raw}' is not a whole number") from None
        fault = CARD_ID.fault(number)
        if fault is not None:
            raise ValueError(fault)
        return number
    if f.kind == "float":
        try:
            return float(raw)
        except ValueError:
            raise ValueError(f"'{raw}' is not a number") from None
    if f.kind == "choice":
        if raw not in f.choices:
            raise ValueError(f"'{raw}' is not one of: {', '.join(f.choices)}")
        return raw
    if f.kind == "params":
        return parse_params(raw)
    if f.kind == "names":
        return tuple(s.strip() for s in raw.split("|") if s.strip())
    raise AssertionError(f"unknown field kind {f.kind}")


def cell_text(f: Field, value: CellValue) -> str:
    """A parsed value written back as the sheet writes it (params as key=value;...)."""
    if value is None:
        return ""
    if f.kind == "params" and isinstance(value, dict):
        return ";".join(f"{k}={v}" for k, v in value.items())
    if f.kind == "names" and isinstance(value, tuple):
        return "|".join(value)
    return str(value)


def sheet_records(sheet: CardSheet) -> list[dict[str, str]]:
    """The sheet's rows as column -> text, in the schema's column order (deckhand cards
    list, for a table, CSV or JSON)."""
    fields = sheet.schema.fields
    return [{f.name: cell_text(f, row.get(f.name)) for f in fields} for row in sheet.rows]


UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
"""The byte-order marks a spreadsheet's "Unicode text" export starts with (UTF-16)."""


def _line_of(data: bytes, offset: int) -> int:
    return data[:offset].count(b"\n") + 1


def _decoded(path: Path) -> tuple[bytes, str]:
    """The file's bytes and its text; CardSheetError when it cannot be read or is not UTF-8,
    naming the first offending byte's offset and line (a spreadsheet saved as UTF-16 or
    Latin-1 would otherwise be read as some game's sheet with one odd column)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CardSheetError(
            str(path), None, None, f"cannot read the file ({exc.strerror})"
        ) from None
    save = "save the sheet as UTF-8 (a spreadsheet's 'CSV UTF-8')"
    if data.startswith(UTF16_MARKS):
        raise CardSheetError(
            str(path), 1, None, f"not UTF-8 text: it starts with a UTF-16 byte-order mark; {save}"
        )
    body = data[len(codecs.BOM_UTF8) :] if data.startswith(codecs.BOM_UTF8) else data
    skipped = len(data) - len(body)
    nul = body.find(b"\x00")
    if nul >= 0:
        offset = nul + skipped
        raise CardSheetError(
            str(path),
            _line_of(data, offset),
            None,
            f"not UTF-8 text: a NUL byte at offset {offset} (UTF-16 or a binary file); {save}",
        )
    try:
        return data, body.decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start + skipped
        raise CardSheetError(
            str(path),
            _line_of(data, offset),
            None,
            f"not UTF-8 text: byte 0x{data[offset]:02x} at offset {offset} ({exc.reason}); {save}",
        ) from None


def _header(path: Path, lines: list[str], reader: Iterator[list[str]]) -> list[str]:
    """The header row (line 1) of a decoded sheet, its names stripped; CardSheetError when
    there is none to read: an empty file, only blank lines, or a blank first line."""
    where = str(path)
    try:
        header = next(reader)
    except StopIteration:
        raise CardSheetError(
            where,
            None,
            None,
            "the file is empty: no header row (expected the column names on line 1)",
        ) from None
    header = [h.strip() for h in header]
    if any(header):
        return header
    if not any(line.strip(" ,\t") for line in lines):
        count = "its only line is" if len(lines) == 1 else f"all {len(lines)} lines are"
        raise CardSheetError(
            where,
            None,
            None,
            f"no header row: {count} blank (expected the column names on line 1)",
        )
    raise CardSheetError(
        where, 1, None, "no header row: line 1 is blank (the column names must be the first line)"
    )


def read_header(path: str | Path) -> list[str]:
    """The column names of a sheet's header row; CardSheetError when the file has no
    readable header (unreadable, not UTF-8, empty, blank): what `deckhand cards validate`
    reads to tell which game a sheet is for, and refuses to guess from."""
    path = Path(path)
    _, text = _decoded(path)
    lines = text.splitlines()
    return _header(path, lines, csv.reader(lines))


def load_card_sheet(path: str | Path, schema: CardSchema) -> CardSheet:
    """Read and validate a card sheet; raises CardSheetError naming file, line and field."""
    path = Path(path)
    data, text = _decoded(path)
    lines = text.splitlines()
    reader = csv.reader(lines)
    header = _header(path, lines, reader)
    unknown = [h for h in header if h not in schema.names]
    if unknown:
        raise CardSheetError(
            str(path), 1, unknown[0], f"unknown column; accepted columns: {', '.join(schema.names)}"
        )
    missing = [f.name for f in schema.fields if f.name not in header]
    if missing:  # an optional column may have empty cells, but it must be there: a sheet
        # without `level` would otherwise play every card with no level requirement
        raise CardSheetError(
            str(path),
            1,
            missing[0],
            f"missing column; the header must name: {', '.join(schema.names)} "
            "(optional columns may have empty cells)",
        )
    rows: list[CardRow] = []
    by_name = {f.name: f for f in schema.fields}
    for index, record in enumerate(reader):
        line = index + 2
        if not any(cell.strip() for cell in record):
            continue
        if len(record) != len(header):
            raise CardSheetError(
                str(path), line, None, f"has {len(record)} cells, the header has {len(header)}"
            )
        values: dict[str, Any] = {}
        for name, raw in zip(header, record, strict=True):
            f = by_name[name]
            raw = raw.strip()
            if raw == "":
                if f.required and f.kind not in ("params", "names"):
                    raise CardSheetError(str(path), line, name, "is empty; a value is required")
                values[name] = {} if f.kind == "params" else () if f.kind == "names" else None
                continue
            try:
                values[name] = _convert(f, raw)
            except ValueError as exc:
                raise CardSheetError(str(path), line, name, str(exc)) from None
        for f in schema.fields:
            if f.name not in values:
                values[f.name] = {} if f.kind == "params" else () if f.kind == "names" else None
        rows.append(CardRow(line, values))
    if not rows:
        raise CardSheetError(str(path), None, None, "has a header but no card rows")
    sheet = CardSheet(path, rows, hashlib.sha256(data).hexdigest(), schema)
    _check_unique(sheet, "id")
    if schema.check is not None:
        schema.check(sheet)
    return sheet


def _check_unique(sheet: CardSheet, column: str) -> None:
    seen: dict[Any, int] = {}
    for row in sheet.rows:
        value = row.get(column)
        if value in seen:
            raise sheet.error(
                row, column, f"duplicate value {value!r} (first used on line {seen[value]})"
            )
        seen[value] = row.line


def require_params(
    sheet: CardSheet, row: CardRow, names: Sequence[str], kind: type = int
) -> dict[str, ParamValue]:
    """Check that a row's params hold the named numeric parameters."""
    params = row["params"]
    for name in names:
        if name not in params:
            raise sheet.error(
                row, "params", f"missing parameter '{name}' (needs: {', '.join(names)})"
            )
        if not isinstance(params[name], int | float) or (
            kind is int and not isinstance(params[name], int)
        ):
            raise sheet.error(row, "params", f"parameter '{name}' must be a {kind.__name__}")
    return params


class _Named(Protocol):
    """A sheet row as a CardRow or a plain dict: a cell by its column's name."""

    def __getitem__(self, key: str, /) -> object: ...


Row = TypeVar("Row", bound=_Named)


def rows_named(sheet_rows: Sequence[Row], name: str, option: str, where: str | Path) -> list[Row]:
    """The sheet rows of the card called `name` (copies included; exact, else ignoring case).
    An unknown name is a ConfigError that names `option` and `where` and suggests the closest
    names; a name that matches two cards by case only asks for the exact one."""
    rows = [r for r in sheet_rows if r["name"] == name]
    if not rows:
        rows = [r for r in sheet_rows if str(r["name"]).casefold() == name.casefold()]
    if not rows:
        names = list(dict.fromkeys(str(r["name"]) for r in sheet_rows))
        close = difflib.get_close_matches(name, names, n=5, cutoff=0.6)
        if not close:
            folded = {n.casefold(): n for n in names}
            close = [folded[c] for c in difflib.get_close_matches(name.casefold(), folded, n=3)]
        hint = (
            f"; did you mean: {', '.join(close)}?"
            if close
            else "; `deckhand cards list GAME` lists the names"
        )
        raise ConfigError(f"{option}: no card named '{name}' in {where}{hint}")
    matched = {str(r["name"]) for r in rows}
    if len(matched) > 1:
        raise ConfigError(
            f"{option}: '{name}' matches {', '.join(sorted(matched))}; give the exact name"
        )
    return rows
