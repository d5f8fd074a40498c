"""What a newcomer reads is what the code does: names, options and numbers in the docs, checked both ways.

Every list here is taken from the code (``game.rules.__all__``, the argument parser, the constants) or
from the docs' own text, never typed twice, so an option, a public name or a limit changed on one side
fails here until the other says the same. (tests/test_docs_reference.py holds the map properties and
that every command has a section; tests/test_untrusted_maps.py the ``MAX_*`` table of docs/limits.md.)
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import runpy
import shlex
from pathlib import Path

import pytest

import game.rules as rules
from game.cli.args import build_parser
from game.match import Match

ROOT = Path(__file__).resolve().parents[1]


def doc(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def options_in(text: str) -> set[str]:
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", text))


# --- docs/cli.md and README.md against the parser ------------------------------------------------
def _commands() -> dict[str, argparse.ArgumentParser]:
    (sub,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def _long_options(parser: argparse.ArgumentParser) -> set[str]:
    return {o for a in parser._actions for o in a.option_strings if o.startswith("--")} - {"--help"}


def _sections(text: str) -> dict[str, str]:
    """docs/cli.md's sections by command: ``## `playmat reach ...` `` up to the next heading."""
    parts = re.split(r"^## ", text, flags=re.MULTILINE)
    return {m.group(1): part for part in parts if (m := re.match(r"`playmat (\w+)", part))}


def test_every_option_of_every_command_is_in_its_docs_cli_section_and_back() -> None:
    cli = doc("docs/cli.md")
    sections = _sections(cli)
    common = cli.split("\n## `playmat ")[0]  # "Common to every command"
    commands = _commands()
    assert {"reach", "render", "playtest"} <= set(commands) and "--allow-outside" in _long_options(commands["reach"])
    for name, parser in commands.items():
        real = _long_options(parser)
        written = options_in(sections[name])
        undocumented = sorted(real - written - options_in(common))
        assert not undocumented, f"docs/cli.md, playmat {name}: options the parser has but the page never names: " \
                                 f"{undocumented}"
        unknown = sorted(written - real)
        assert not unknown, f"docs/cli.md, playmat {name}: options the page names but the parser lacks: {unknown}"


def test_readme_command_table_names_real_commands_and_options() -> None:
    commands = _commands()
    rows = re.findall(r"^\| `playmat (\w+)([^`]*)`", doc("README.md"), flags=re.MULTILINE)
    assert {c for c, _ in rows} == set(commands), "README.md's table of commands and the parser differ"
    for name, usage in rows:
        unknown = sorted(options_in(usage) - _long_options(commands[name]))
        assert not unknown, f"README.md: playmat {name} has no option {unknown}"


def test_every_argument_of_every_command_is_explained_in_its_help() -> None:
    """`playmat arc --help` listed `--attacker A` and `--defender D` with nothing beside them, and `validate`'s
    MAP likewise: a newcomer reading --help alone must learn what each argument is."""
    for name, parser in _commands().items():
        printed = " ".join(parser.format_help().split())
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            label = "/".join(action.option_strings) or action.metavar or action.dest
            assert action.help and action.help is not argparse.SUPPRESS, \
                f"playmat {name} --help: {label} has no explanation"
            assert " ".join(str(action.help).replace("%%", "%").split()) in printed, \
                f"playmat {name} --help does not show what {label} is"


# --- docs/engine-api.md against game.rules -------------------------------------------------------
ENGINE_API = doc("docs/engine-api.md")


def _spans(text: str) -> list[str]:
    """The inline code spans, fenced blocks left out."""
    return re.findall(r"`([^`]+)`", re.sub(r"```.*?```", "", text, flags=re.DOTALL))


def _code_words(text: str) -> set[str]:
    return {w for span in _spans(text) for w in re.findall(r"[A-Za-z_]\w*", span)}


def test_engine_api_names_all_of_game_rules_all() -> None:
    missing = sorted(set(rules.__all__) - _code_words(ENGINE_API))
    assert not missing, f"game.rules exports names docs/engine-api.md never mentions: {missing}"


def test_engine_api_names_every_query_a_view_answers() -> None:
    view = {n for n in dir(rules.EncounterView) if not n.startswith("_")}
    missing = sorted(view - _code_words(ENGINE_API))
    assert not missing, f"EncounterView answers queries docs/engine-api.md never mentions: {missing}"


def _documented_calls() -> list[tuple[str, str, list[object], str]]:
    """Every ``name(args)`` the page writes: the text, the name, what it may name (a name of ``game.rules``,
    a method of the encounter, of ``zones.`` or of ``Match``; ``sees`` is both a function and a method),
    and its argument list as written."""
    found = []
    for span in _spans(ENGINE_API):
        for m in re.finditer(r"(?:(\w+)\.)?([A-Za-z_]\w*)\(([^()]*)\)", span):
            receiver, name, args = m.groups()
            owners: list[object] = {"zones": [rules.ThreatZones], "Match": [Match], "rules": [rules]}.get(
                receiver or "", [rules, rules.Encounter, Match])
            targets = [getattr(o, name) for o in owners
                       if hasattr(o, name) and (o is not rules or name in rules.__all__)]
            found.append((m.group(0), name, targets, args))
    return found


# Calls on objects the engine hands back, not on the encounter: a ReachResult's, a Hostility's, a policy's, an action's.
NOT_ON_THE_ENCOUNTER = {"destinations", "end_at", "path_to", "hostile_to", "sides", "choose", "to_json"}


def _accepts(target: object, positional: list[str], keywords: dict[str, None], partial: bool) -> str | None:
    """None when ``target`` takes these arguments (some of them, for a call written ``f(at=...)``)."""
    signature = inspect.signature(target)  # type: ignore[arg-type]
    bound_self = [None] if "self" in signature.parameters else []
    try:
        (signature.bind_partial if partial else signature.bind)(*bound_self, *positional, **keywords)
    except TypeError as err:
        return f"{signature}: {err}"
    return None


def test_every_call_engine_api_shows_exists_and_takes_those_arguments() -> None:
    """``preview_shove(attacker, target, at=None, facing=None)``: the function exists and accepts the
    arguments as written (positionally, and by keyword where the page writes ``name=``)."""
    calls = _documented_calls()
    assert len(calls) > 80
    for written, name, targets, args in calls:
        if name in NOT_ON_THE_ENCOUNTER:
            continue
        assert targets, f"docs/engine-api.md shows {written}, which does not exist"
        parts = [a.strip() for a in args.split(",") if a.strip()]
        if not all(re.fullmatch(r"\w+(=.*)?", a) for a in parts):
            continue  # an example call with values ("2d6+1", Attack("A", ...)): tests/test_engine_api.py
        positional = [a for a in parts if "=" not in a]
        keywords = {a.split("=")[0]: None for a in parts if "=" in a}
        # A signature names every argument (defaults None, False, 0); a call shown with values, as
        # preview_shoot(at=...) or Attacked(arc="rear", ...), names some: those must exist.
        partial = not all(re.fullmatch(r"\w+(=None|=False|=0)?", a) for a in parts)
        why = [_accepts(t, positional, keywords, partial) for t in targets]
        assert None in why, f"docs/engine-api.md shows {written}, but {name}{why[0]}"


def test_the_python_examples_of_engine_api_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", ENGINE_API, flags=re.DOTALL)
    assert blocks, "docs/engine-api.md lost its first session"
    monkeypatch.chdir(ROOT)  # the page says: run from the repository root
    for i, block in enumerate(blocks):
        script = tmp_path / f"example{i}.py"
        script.write_text(block, encoding="utf-8")
        runpy.run_path(os.fspath(script), run_name="__main__")


# --- numbers the docs quote that live outside game/rules/limits.py ---------------------------------
def test_numbers_the_docs_quote_are_the_codes() -> None:
    from game.cli.play_cmd import MAX_WINDOW, MIN_WINDOW
    from game.cli.playtest_cmd import KEEP_LOGS
    from game.maps.lint import LOPSIDED, QUICK_GAMES
    from game.playtest.runner import MAX_GAMES
    from game.playtest.summary import DRAW_ROUNDS
    from game.rules.limits import PATH_STEP_SEARCH
    from game.ui.app import DEFAULT_SIZE

    cli, limits = (re.sub(r"\s+", " ", doc(page)) for page in ("docs/cli.md", "docs/limits.md"))
    size = "{}x{} to {}x{} (default {}x{})".format(*MIN_WINDOW, *MAX_WINDOW, *DEFAULT_SIZE)
    assert f"`--size WxH`: the window's size, {size}" in cli
    assert "between {}x{} and {}x{}".format(*MIN_WINDOW, *MAX_WINDOW) in limits
    assert f"at most {MAX_GAMES:,} games in one batch" in limits
    assert f"a step of a move's `path` counts {PATH_STEP_SEARCH}, `PATH_STEP_SEARCH`" in limits
    assert f"counts {PATH_STEP_SEARCH} for each step" in limits
    words = {3: "three"}
    assert f"action logs of the first {words[KEEP_LOGS]} games" in cli
    assert f"still active after {DRAW_ROUNDS} rounds is a draw" in cli and f"counting {DRAW_ROUNDS}" in cli
    assert f"plays {QUICK_GAMES} quick AI-vs-AI games and warns when one side wins more than {LOPSIDED * 100:.0f} %" \
        in cli


# --- paths the newcomer's pages name ----------------------------------------------------------------
@pytest.mark.parametrize("page", ["README.md", "docs/architecture.md", "docs/engine-api.md", "docs/cli.md",
                                  "docs/limits.md", "docs/map-format.md", "docs/action-log.md"])
def test_every_module_test_and_tool_a_page_names_exists(page: str) -> None:
    named = set(re.findall(r"(?<![\w/.])((?:game/|tests/|tools/|docs/)?[\w/]+\.py)\b", doc(page)))
    assert named or page not in ("README.md", "docs/architecture.md")
    everywhere = {p.name for folder in ("game", "tools", "tests") for p in (ROOT / folder).rglob("*.py")}
    missing = sorted(p for p in named if not (ROOT / p).exists() and not (ROOT / "game" / p).exists()
                     and not ("/" not in p and p in everywhere))  # "make_maps.py" beside tools/make_maps.py
    assert not missing, f"{page} names files that do not exist: {missing}"


def test_every_tool_is_named_for_a_newcomer() -> None:
    named = set(re.findall(r"tools/(\w+\.py)", doc("README.md") + doc("docs/architecture.md")))
    tools = {p.name for p in (ROOT / "tools").glob("*.py")}
    assert not sorted(tools - named), f"tools neither README.md nor docs/architecture.md says a word about: " \
                                      f"{sorted(tools - named)}"


# --- docs/action-log.md's table against the engine's actions ------------------------------------------
def test_action_log_table_lists_every_action_the_engine_reads() -> None:
    """A kind added to ``ACTION_CLASSES`` is one a log may hold: the page users copy from must list it (and
    list nothing the engine would refuse as an unknown action)."""
    from game.rules.actions import ACTION_CLASSES

    listed = set(re.findall(r"^\| `(\w+)` \|", doc("docs/action-log.md"), flags=re.MULTILINE)) - {"action"}
    assert listed == set(ACTION_CLASSES), (f"docs/action-log.md's table lacks {sorted(set(ACTION_CLASSES) - listed)}"
                                           f" and lists unknown {sorted(listed - set(ACTION_CLASSES))}")


# --- docs/architecture.md's recipes against the code they send a newcomer to ---------------------------
def _recipe_steps() -> list[str]:
    """The numbered steps (and closing paragraphs) of every "How to add" section of docs/architecture.md."""
    steps = []
    for section in re.split(r"^## ", doc("docs/architecture.md"), flags=re.MULTILINE):
        if section.startswith("How to add"):
            steps += re.split(r"^(?:\d+\. |\n)", section.split("\n", 1)[1], flags=re.MULTILINE)
    return [s for s in steps if s.strip()]


def _file_of(path: str) -> Path | None:
    for candidate in (ROOT / path, ROOT / "game" / path):
        if candidate.is_file():
            return candidate
    return None


def test_every_name_a_recipe_step_points_to_is_in_the_files_it_names() -> None:
    """"`rules/actions.py`: add it to `ACTION_CLASSES`": each name a step writes in code (placeholders
    written ``<kind>`` aside) is found in a file the same step names, or, written ``owner.name``, anywhere in
    game/; a renamed table or helper fails here instead of leaving the next engineer searching."""
    everything = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "game").rglob("*.py"))
    steps = _recipe_steps()
    assert len(steps) >= 10, "docs/architecture.md lost its How to add recipes"
    checked = 0
    for step in steps:
        spans = [s for s in _spans(step) if "<" not in s]
        paths = [s for s in spans if re.fullmatch(r"[\w/]+\.py", s)]
        missing_files = [p for p in paths if _file_of(p) is None]
        assert not missing_files, f"docs/architecture.md's recipe names files that do not exist: {missing_files}"
        text = "\n".join(f.read_text(encoding="utf-8") for p in paths if (f := _file_of(p)) is not None)
        for span in spans:
            m = re.fullmatch(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\(.*\))?", span, flags=re.DOTALL)
            if m is None or span in paths:
                continue
            *owner, name = m.group(1).split(".")
            where = everything if owner else text
            checked += 1
            assert re.search(rf"\b{re.escape(name)}\b", where), \
                f"docs/architecture.md's recipe step points to `{span}`, which " + \
                ("nothing in game/ defines" if owner else f"none of {paths} holds") + f":\n{step.strip()[:200]}"
    assert checked > 40


# --- the battle's keys: game/ui/battle_input.py against the help page and README.md --------------------
KEY_WORD = re.compile(r"[A-Z0-9]|F\d{1,2}|Enter|Esc|Tab|Space|Home|Backspace|Ctrl\+[A-Z]")
SPECIAL = {"Enter": "return", "Esc": "escape"}


def _help_rows() -> list[tuple[str, str]]:
    from game.ui.help import BATTLE_HELP

    return [row for _, page in BATTLE_HELP for row in page]


def _key_words(column: str) -> set[str]:
    """"U, Backspace, Ctrl+Z" -> {"U", "Backspace", "Ctrl+Z"}: the keys a help row's key column names."""
    parts = re.split(r"\s*(?:/|,|\bor\b)\s*", re.sub(r"\(.*?\)", "", column))
    return {p.strip() for p in parts if KEY_WORD.fullmatch(p.strip())}


def _bound(word: str) -> bool:
    """Whether pressing ``word`` in a battle does something: the battle's input gives an intent or a view
    operation, or it is the GM card's or the legend's own toggle, the shove preview's way key (W) or keyboard
    targeting's next-target key (Tab: battle_focus takes it before the battle's fixed keys)."""
    from game.render.pg import pygame
    from game.ui.battle_focus import CYCLE_KEY
    from game.ui.battle_input import BattleInput
    from game.ui.gm.panel import TOGGLE_KEY as GM_KEY
    from game.ui.overlays.preview import WAY_KEY
    from game.ui.panels.legend import TOGGLE_KEY as LEGEND_KEY

    ctrl = word.startswith("Ctrl+")
    pygame.init()  # key_code reads SDL's key names, which warns (and may answer wrongly) before init
    key = pygame.key.key_code(SPECIAL.get(word, word.removeprefix("Ctrl+")).lower())
    event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_CTRL if ctrl else 0)
    return BattleInput().key(event, setup=False) is not None or key in (GM_KEY, LEGEND_KEY, WAY_KEY, CYCLE_KEY)


def test_every_key_the_battle_help_names_does_something() -> None:
    named = {w for column, _ in _help_rows() for w in _key_words(column)}
    assert {"A", "Enter", "Ctrl+Z", "F11", "G", "L"} <= named
    dead = sorted(w for w in named if not _bound(w))
    assert not dead, f"the battle's help (game/ui/help.py) names keys game/ui/battle_input.py does not bind: {dead}"


def test_every_key_the_battle_binds_is_on_its_help_page() -> None:
    """A key added to battle_input.KEYS and left off the help page is a key nobody finds. H and F1 open that
    page: README.md and the bar's "H help" say so."""
    from game.render.pg import pygame
    from game.ui.battle_input import KEYS

    text = " ".join(f"{k} {v}" for k, v in _help_rows())
    words = set(re.findall(r"[\w+-]+", text)) | {"+", "-"}
    shown = {"=": "+", "[+]": "+", "[-]": "-"}  # the keypad's and the unshifted plus are said as + and -
    unsaid = sorted(name for k in KEYS if (name := pygame.key.name(k)) not in ("h", "f1")
                    and shown.get(name, name).capitalize() not in words and shown.get(name, name) not in words)
    assert not unsaid, f"game/ui/battle_input.py binds keys the battle's help never names: {unsaid}"


def test_every_key_readme_names_for_the_window_is_bound() -> None:
    """README.md's paragraph on the window: each key it puts in code (`A`, `Enter`, ...) does what it says
    in a battle (the replay's keys are written without backticks)."""
    window = doc("README.md").split("## What it is", 1)[1].split("\n## ", 1)[0]
    words = {w for span in re.findall(r"`([^`]+)`", window) for w in span.split("/")
             if all(KEY_WORD.fullmatch(part) for part in span.split("/"))}
    assert {"A", "Enter", "H"} <= words
    dead = sorted(w for w in words if not _bound(w))
    assert not dead, f"README.md names keys a battle does not bind: {dead}"


# --- RULES.md's lists against the engine's ---------------------------------------------------------------
def test_rules_md_lists_every_action_that_spends_the_turn() -> None:
    """RULES.md said "attack, shove, disengage or flee" after shooting and casting (R29, R32) came in."""
    from game.rules.preconditions import ACTION_KINDS

    m = re.search(r"One action a turn: ([^(]*?) \(R16\)", re.sub(r"\s+", " ", doc("RULES.md")))
    assert m, "RULES.md lost its sentence on the one action (R16)"
    said = set(re.split(r", | or ", m.group(1)))
    assert said == set(ACTION_KINDS), f"RULES.md's one action (R16) says {sorted(said)}, the engine {ACTION_KINDS}"


# --- docs/cli.md's JSON examples against what the commands print --------------------------------------
def _paths(value: object, prefix: str = "") -> set[str]:
    """Every key path of a JSON value: ``units.*.ranged.min``; list items and the members of ``units`` (keyed
    by name) are merged, as one combatant's or one hex's keys stand for all."""
    out: set[str] = set()
    if isinstance(value, dict):
        for key, sub in value.items():
            name = "*" if prefix.endswith("units.") else key
            out.add(prefix + name)
            out |= _paths(sub, f"{prefix}{name}.")
    elif isinstance(value, list):
        for item in value:
            out |= _paths(item, prefix + "[].")
    return out


def _printed(capsys: pytest.CaptureFixture[str], *argv: str) -> set[str]:
    from game.cli.main import main

    assert main([*argv, "--json"]) == 0, capsys.readouterr().err
    return _paths(json.loads(capsys.readouterr().out))


def test_every_json_key_docs_cli_shows_is_one_the_command_prints(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    """A key renamed or dropped in a command's JSON leaves a script written from docs/cli.md reading
    nothing. Each command runs on every shipped map, for every combatant it can be asked about; every key
    path of the page's example must be among the keys printed, and every top-level key printed must be on
    the page."""
    from game.maps import shipped_maps

    begun = tmp_path / "begin.jsonl"
    begun.write_text('{"action": "begin"}\n', encoding="utf-8")
    real: dict[str, set[str]] = {c: set() for c in ("state", "reach", "threat", "arc", "sight", "targets",
                                                    "validate", "maps")}
    real["maps"] = _printed(capsys, "maps")
    for shipped in shipped_maps():
        path = str(shipped.path)
        real["state"] |= _printed(capsys, "state", path, "--log", str(begun))
        real["validate"] |= _printed(capsys, "validate", path)
        real["threat"] |= _printed(capsys, "threat", path, "--against", "player")
        real["sight"] |= _printed(capsys, "sight", path, "--from", "1,1", "--to", "6,4")
        names = list(json.loads(_run_json(capsys, "state", path))["units"])
        for name in names:
            real["reach"] |= _printed(capsys, "reach", path, "--unit", name)
            real["targets"] |= _printed(capsys, "targets", path, "--unit", name)
            real["arc"] |= _printed(capsys, "arc", path, "--attacker", name, "--defender", names[0]) \
                if name != names[0] else set()
    sections = _sections(doc("docs/cli.md"))
    for command, printed in real.items():
        examples = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", sections[command], flags=re.DOTALL)]
        assert examples, f"docs/cli.md, playmat {command}: no JSON example"
        shown = _paths(examples[0]) | {p for e in examples[1:] for p in _paths(e, "units.") if command == "state"}
        unknown = sorted(shown - printed)
        assert not unknown, f"docs/cli.md, playmat {command}: the example shows keys the command never prints: " \
                            f"{unknown}"
        top = {p for p in printed if "." not in p}
        unshown = sorted(top - {p for p in shown if "." not in p})
        assert not unshown, f"docs/cli.md, playmat {command}: the command prints keys the example never shows: " \
                            f"{unshown}"


def _run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    from game.cli.main import main

    assert main([*argv, "--json"]) == 0
    return capsys.readouterr().out


def test_rules_md_movement_table_is_the_engines_default_costs() -> None:
    """RULES.md's table under "Movement" is what a player plans moves by; a cost changed in
    ``rules/terrain.py`` (or a terrain kind added there) fails here until the table says it too (R5)."""
    rows = re.findall(r"^\| *(\w+) *\|((?: *[–0-9]+ *\|){3})$", doc("RULES.md"), flags=re.MULTILINE)
    table = {name: [None if c.strip() == "–" else int(c) for c in cells.strip("|").split("|")]
             for name, cells in rows}
    names = list(rules.TERRAIN_NAMES)
    assert list(table) == names, f"RULES.md's movement table lists {list(table)}, the engine {names}"
    movers = list(rules.MOVEMENT_TYPE_NAMES)
    header = re.search(r"^\| *terrain *\|(.*)\|$", doc("RULES.md"), flags=re.MULTILINE)
    assert header and [h.strip() for h in header.group(1).split("|")] == movers
    for t, name in enumerate(names):
        engine = [None if c == rules.NO_ENTRY else int(c) for c in rules.DEFAULT_COSTS[t]]
        assert table[name] == engine, f"RULES.md says {name} costs {table[name]} (ground, flying, swimming), " \
                                      f"the engine {engine}"


def test_map_format_names_every_terrain_kind() -> None:
    """docs/map-format.md's ``terrain`` property lists the words a designer may type: the loader's names."""
    row = re.search(r"^\| `terrain` \|.*$", doc("docs/map-format.md"), flags=re.MULTILINE)
    assert row, "docs/map-format.md lost the terrain property's row"
    said = re.findall(r"`(\w+)`", row.group(0).split("|")[4])
    assert said == list(rules.TERRAIN_NAMES), f"docs/map-format.md's terrain row says {said}, the loader " \
                                              f"reads {list(rules.TERRAIN_NAMES)}"


# --- whole commands the pages show, and the outputs docs/cli.md quotes -----------------------------------
USER_PAGES = ["README.md", "RULES.md", "docs/architecture.md", "docs/cli.md", "docs/engine-api.md",
              "docs/action-log.md", "docs/map-format.md", "docs/limits.md"]
PLACEHOLDER = re.compile(r"[\[\]…<]|\.\.\.|\b(?:MAP|FILE|F|COMMAND)\b|\(see ")


def _whole_commands() -> list[tuple[str, str]]:
    """Every `playmat ...` a page shows with a map, an output or as `playmat maps`, in prose or on a line of
    its own, placeholders in brackets aside: the commands a newcomer pastes."""
    found = []
    for page in USER_PAGES:
        text = doc(page)
        spans = re.findall(r"`(playmat [^`]+)`", text)
        spans += [line.strip().removeprefix("$ ").split("  #")[0] for line in text.splitlines()
                  if line.strip().removeprefix("$ ").startswith("playmat ") and "`" not in line]
        for span in spans:
            cmd = " ".join(span.split())
            if re.search(r"\.tmx\b| -o |^playmat maps", cmd) and not PLACEHOLDER.search(cmd):
                found.append((page, cmd))
    return found


def test_every_whole_playmat_command_the_pages_show_parses() -> None:
    """A renamed option or command fails here on every page that still shows the old one, not only in the
    section docs/cli.md gives it."""
    from game.cli.errors import UsageError

    commands = _whole_commands()
    assert len(commands) >= 20 and {p for p, _ in commands} >= {"README.md", "docs/cli.md", "docs/map-format.md"}
    refused = []
    for page, cmd in commands:
        try:
            build_parser().parse_args(shlex.split(cmd)[1:])
        except UsageError as e:
            refused.append(f"{page}: {cmd}: {e}")
    assert not refused, "\n".join(refused)


def _block_after(text: str, marker: str, fence: str) -> str:
    start = text.index(marker)
    body = text.index(f"```{fence}\n", start) + len(fence) + 4
    return text[body:text.index("```", body)]


def test_the_sight_example_of_docs_cli_is_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli.main import main

    cli = doc("docs/cli.md")
    command = "playmat sight maps/fortress_assault.tmx --from 0,7 --to 4,7"
    assert main([*shlex.split(command)[1:], "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(_block_after(cli, f"`{command} --json`", "json"))
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out == _block_after(cli, "Without `--json` the last\nlines read", "")


def test_the_state_table_of_docs_cli_is_the_action_log_examples(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    from game.cli.main import main

    example = _block_after(doc("docs/action-log.md"), "## An example to copy", "jsonl")
    (tmp_path / "example.jsonl").write_text(example, encoding="utf-8")
    assert main(["state", str(ROOT / "maps/default.tmx"), "--log", str(tmp_path / "example.jsonl")]) == 0
    table = capsys.readouterr().out.split("\n\n", 1)[1]
    assert table == _block_after(doc("docs/cli.md"), "After [action-log.md](action-log.md)'s example log", "")


def test_the_not_hostile_line_of_docs_cli_is_what_arc_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/cli.md quotes arc's line for a pair that may not fight: Pell is the ambush's ally, Sir Corin its
    player (the page once had them the other way round)."""
    from game.cli.main import main

    assert main(["arc", str(ROOT / "maps/ambush.tmx"), "--attacker", "Pell", "--defender", "Sir Corin"]) == 0
    line = capsys.readouterr().out.splitlines()[1].strip()
    assert line.startswith("but Pell (ally) and Sir Corin (player) are not hostile")
    assert f"`{line}`" in " ".join(doc("docs/cli.md").split())


def test_the_shipped_shot_docs_cli_quotes_is_what_targets_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli.main import main

    cli = " ".join(doc("docs/cli.md").split())
    command = 'playmat targets maps/fortress_assault.tmx --unit "Archer 1"'
    assert f"`{command}`" in cli
    assert main(shlex.split(command)[1:]) == 0
    grum = next(line.strip() for line in capsys.readouterr().out.splitlines() if line.strip().startswith("Grum:"))
    assert f"`{grum}`" in cli
