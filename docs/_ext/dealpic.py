"""Pictures of the game made at build time, so that picture and engine cannot disagree.

Two directives, each drawing through :mod:`thousand.svg`:

``.. deal-picture:: HAND0 / HAND1 / HAND2 / TALON``
    A deal as :meth:`thousand.Deal.parse` reads it, drawn with :func:`thousand.svg.deal`. With
    ``:actions:`` (action texts separated by semicolons, as :func:`thousand.parse_action` reads
    them: ``bid 100; pass; pass; give 9D 2``) the actions are played through the engine and the
    table is drawn as it stands after them. ``:rules:`` is ``classic`` (the default) or
    ``standard``, ``:dealer:`` the dealer (0 by default), ``:caption:`` a caption and ``:alt:``
    the text for readers who cannot see the picture.

``.. score-chart::``
    A whole game between bots (``:players:``, ``heuristic`` by default, from ``:seed:``, 1 by
    default, under ``:rules:``), played as ``python -m thousand demo`` plays it and drawn with
    :func:`thousand.svg.score_chart`.

A deal the engine refuses, an illegal action or a bad option is an error of the build. The
HTML builder writes each picture into ``_images/`` under a name made from its content and shows
it as an ``<img>``; other builders leave it out.
"""

from __future__ import annotations

import hashlib
import html
import posixpath
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import thousand as th
from thousand import svg
from thousand.__main__ import play_demo_game
from thousand.view import hand_text


class picture(nodes.General, nodes.Element):
    """A picture made at build time: ``svg`` (the document), ``alt``, ``caption``, ``kind``."""


def _rules(name: str) -> th.Rules:
    return th.Rules.standard() if name == "standard" else th.Rules.classic()


def _hands(hands: Any, talon: Any) -> str:
    """The hands and the talon in words, for the text of an image."""
    held = [f"seat {seat} holds {hand_text(hand)}" for seat, hand in enumerate(hands)]
    return "; ".join(held + ([f"the talon {hand_text(talon)}"] if talon else []))


def _picture(kind: str, document: str, alt: str, caption: str) -> picture:
    node = picture()
    node["kind"], node["svg"], node["alt"], node["caption"] = kind, document, alt, caption
    return node


class DealPicture(SphinxDirective):
    """``.. deal-picture:: 9S JS ... / ... / ... / KH TH AH``: the deal, or the table after
    ``:actions:``, as a picture."""

    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "actions": directives.unchanged,
        "rules": lambda value: directives.choice(value, ("classic", "standard")),
        "dealer": lambda value: directives.choice(value, ("0", "1", "2")),
        "caption": directives.unchanged,
        "alt": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        text = " ".join(self.arguments[0].split())
        try:
            dealt = th.Deal.parse(text)
        except ValueError as exc:
            raise self.error(f"deal-picture: {exc}") from None
        actions = [a.strip() for a in self.options.get("actions", "").split(";") if a.strip()]
        if not actions and "rules" not in self.options and "dealer" not in self.options:
            document = svg.deal(dealt)
            alt = "The deal: " + _hands(dealt.hands, dealt.talon)
        else:
            state = th.new_game(
                _rules(self.options.get("rules", "classic")),
                dealer=int(self.options.get("dealer", "0")),
            )
            state = th.apply(state, dealt)
            for action in actions:
                try:
                    state = th.apply(state, th.parse_action(action))
                except ValueError as exc:
                    raise self.error(f"deal-picture: {exc}") from None
            document = svg.deal(state)
            alt = f"The table after {'; '.join(actions)}: " + _hands(state.hands, state.talon)
        return [_picture("deal", document, self.options.get("alt", alt), self._caption())]

    def _caption(self) -> str:
        return str(self.options.get("caption", ""))


class ScoreChart(SphinxDirective):
    """``.. score-chart::``: a whole game between bots, its three totals deal by deal."""

    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "seed": directives.nonnegative_int,
        "players": lambda value: directives.choice(value, tuple(sorted(th.arena.BOTS))),
        "rules": lambda value: directives.choice(value, ("classic", "standard")),
        "caption": directives.unchanged,
        "alt": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        seed = self.options.get("seed", 1)
        players = self.options.get("players", "heuristic")
        rules = _rules(self.options.get("rules", "classic"))
        game = play_demo_game(seed, rules, players=players)
        document = svg.score_chart(game)
        final = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(game.scores))
        alt = self.options.get(
            "alt",
            f"A line chart of the scores of a game between {players} bots, seed {seed}, over "
            f"{len(game.sheet)} deals; at the end {final}",
        )
        return [_picture("chart", document, alt, str(self.options.get("caption", "")))]


#: A caption in the theme's small, quieter type (furo's variables, with fallbacks).
_CAPTION = (
    ' style="font-size: var(--font-size--small, 0.875em); '
    'color: var(--color-foreground-secondary, #5a5c63); margin-top: 0.3rem"'
)


def _visit_html(translator: Any, node: picture) -> None:
    document: str = node["svg"]
    name = f"{node['kind']}-{hashlib.sha1(document.encode('utf-8')).hexdigest()[:16]}.svg"
    folder = Path(translator.builder.outdir) / translator.builder.imagedir
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(document, encoding="utf-8")
    src = posixpath.join(translator.builder.imgpath, name)
    caption = node["caption"]
    translator.body.append(
        f'<figure class="thousand-picture" style="margin: 1rem 0">'
        f'<img src="{html.escape(src)}" alt="{html.escape(node["alt"])}" '
        'style="max-width: 100%; height: auto" />'
        + (f"<figcaption{_CAPTION}>{html.escape(caption)}</figcaption>" if caption else "")
        + "</figure>\n"
    )
    raise nodes.SkipNode


def _skip(translator: Any, node: picture) -> None:
    raise nodes.SkipNode


def setup(app: Any) -> dict[str, Any]:
    """Register the directives and the picture node (drawn by the HTML builders only)."""
    skip = (_skip, None)
    app.add_node(picture, html=(_visit_html, None), latex=skip, text=skip, man=skip, texinfo=skip)
    app.add_directive("deal-picture", DealPicture)
    app.add_directive("score-chart", ScoreChart)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
