"""Adapters to other frameworks, each behind an optional extra: :mod:`thousand.adapters.openspiel`
(``pip install 'thousand[openspiel]'``) and :mod:`thousand.adapters.pettingzoo`
(``pip install 'thousand[pettingzoo]'``)."""
