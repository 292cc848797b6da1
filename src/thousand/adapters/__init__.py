"""Adapters to other frameworks, each behind an optional extra: :mod:`thousand.adapters.openspiel`
(``pip install 'thousand[openspiel]'``) and :mod:`thousand.adapters.pettingzoo`
(``pip install 'thousand[pettingzoo]'``). In a checkout of the source, install the extra of the
project itself: ``pip install -e '.[openspiel]'``."""
