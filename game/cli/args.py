"""The ``playmat`` command line: every subcommand and its arguments (one-line errors, exit 2)."""

from __future__ import annotations

from .argtypes import add_allow_outside, cell, non_negative, positive, scale, whole
from .do_cmd import add_arguments as do_arguments
from .errors import Parser
from .playtest_cmd import add_parser as add_playtest_parser
from .suggest_cmd import add_arguments as suggest_arguments

__all__ = ["build_parser"]


def build_parser() -> Parser:
    p = Parser(
        prog="playmat",
        description="Hex playmat combat: adjudicate, validate, render and play Tiled hex encounters.",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    def rules_command(name: str, help_text: str) -> Parser:
        sp = sub.add_parser(name, help=help_text, description=help_text)
        sp.add_argument("map", metavar="MAP", help="a Tiled .tmx hex map")
        sp.add_argument("--log", metavar="FILE", help="JSON Lines action log to replay first")
        sp.add_argument("--json", action="store_true", help="print one JSON document")
        add_allow_outside(sp)
        return sp

    rules_command("state", "the encounter state: phase, round, turn, order, units")
    sp = rules_command("reach", "where a unit can legally end a voluntary move now")
    sp.add_argument("--unit", required=True, metavar="U", help="the combatant's name")
    sp.add_argument("--budget", type=non_negative, metavar="N", help="preview a fresh turn with N movement")
    sp = rules_command("threat", "hexes threatened against a faction")
    sp.add_argument("--against", required=True, metavar="FACTION", help="player, ally, enemy or neutral")
    sp = rules_command("danger", "where a faction's enemies could strike, shoot or burst it next turn, after moving")
    sp.add_argument("--against", required=True, metavar="FACTION", help="player, ally, enemy or neutral")
    sp.add_argument("--unit", metavar="U", help="one enemy of FACTION: its shots (cover, what they add) and bursts")
    sp = rules_command("arc", "which arc of the defender an attack comes from")
    sp.add_argument("--attacker", required=True, metavar="A", help="the combatant attacking (its name)")
    sp.add_argument("--defender", required=True, metavar="D", help="the combatant attacked (its name)")

    sp = rules_command("sight", "whether one hex sees another (R30), what the line crosses and what gives cover")
    sp.add_argument("--from", dest="from_cell", required=True, type=cell, metavar="C,R", help="the first hex")
    sp.add_argument("--to", dest="to_cell", required=True, type=cell, metavar="C,R", help="the second hex")
    sp = rules_command("targets", "whom a unit could shoot and where it could centre its area ability now")
    sp.add_argument("--unit", required=True, metavar="U", help="the combatant's name")

    do_arguments(rules_command("do", "check actions against the state after --log and append them to it, "
                                     "dice rolled and written in (a GM stepping through initiative)"))
    suggest_arguments(rules_command("suggest", "what the AI would do with the rest of the current actor's turn"))

    sp = sub.add_parser("maps", help="the maps that ship with Playmat: title, file, description",
                        description="list the bundled maps (the first is the default)")
    sp.add_argument("--json", action="store_true", help="print one JSON document")

    sp = sub.add_parser("validate", help="check maps against the map format",
                        description="check maps against the map format: one line per problem, exit 2 if any")
    sp.add_argument("maps", nargs="+", metavar="MAP", help="one or more Tiled .tmx hex maps")
    sp.add_argument("--json", action="store_true", help="print one JSON document")
    sp.add_argument("--lint", action="store_true", help="also warn about what is legal but likely wrong")
    sp.add_argument("--playtest", action="store_true",
                    help="lint, and also play 20 quick AI-vs-AI games: warn if a side wins over 90%% (slow)")
    add_allow_outside(sp)

    sp = sub.add_parser("render", help="draw the map to a PNG", description="draw the map as Tiled draws it")
    sp.add_argument("map", nargs="?", metavar="MAP", help="a .tmx map (default: the bundled map)")
    sp.add_argument("-o", "--output", required=True, metavar="OUT.png", help="the PNG to write (its folder must exist)")
    sp.add_argument("--log", metavar="FILE", help="JSON Lines action log to replay first")
    sp.add_argument("--overlay", metavar="reach:UNIT|threat:FACTION", help="shade a unit's reach or a threat map")
    sp.add_argument("--no-tokens", action="store_true", help="terrain only, as tmxrasterizer draws it")
    sp.add_argument("--objects", action="store_true",
                    help="also draw object shapes (rectangles, ellipses, points, polygons, text) as Tiled does")
    sp.add_argument("--scale", type=scale, default=None, metavar="S",
                    help="zoom factor (default 1, or what draws each hex 8 px wide on a map of smaller tiles)")
    add_allow_outside(sp)

    sp = sub.add_parser("play", help="open the game window", description="open the game window")
    sp.add_argument("map", nargs="?", metavar="MAP", help="a .tmx map (default: pick one on the title screen)")
    sp.add_argument("--log", metavar="FILE", help="the session's log: resumed when it exists, every action appended")
    sp.add_argument("--seed", type=whole, metavar="N", help="fix the dice (and the AI's choices)")
    # Who plays whom adds to the default (RULES.md): "--human enemy" alone read as "I play the enemy" and opened on
    # the ally's turn, "(ally, you)".
    sp.add_argument("--human", action="append", default=[], metavar="FACTION",
                    help="a faction you command, beside player and ally (yours unless --ai gives them to the AI); "
                         "repeatable")
    sp.add_argument("--ai", action="append", default=[], metavar="FACTION[=LEVEL]",
                    help="a faction the AI plays, besides enemy and neutral unless --human takes them "
                         "(random, greedy, easy, normal, hard, expert); repeatable")
    sp.add_argument("--autoplay", action="store_true", help="the AI plays every faction (watch mode)")
    sp.add_argument("--explain-ai", action="store_true", help="show why the AI does what it does")
    sp.add_argument("--speed", choices=("1", "2", "instant"), default="1", help="AI turn speed")
    sp.add_argument("--setup", action="store_true", help="stay in setup so the GM can place combatants")
    sp.add_argument("--replay", metavar="LOG", help="watch a saved log step by step (needs MAP; changes nothing)")
    sp.add_argument("--headless", action="store_true", help="no window (SDL's dummy video driver)")
    sp.add_argument("--frames", type=positive, metavar="N", help="stop after N frames and close")
    sp.add_argument("--screenshot", metavar="OUT.png", help="save the last frame (needs --headless or --frames)")
    sp.add_argument("--size", default="1280x720", metavar="WxH",
                    help="window size, 640x400 to 8192x8192 (default 1280x720)")
    add_allow_outside(sp)

    add_playtest_parser(sub)
    return p
