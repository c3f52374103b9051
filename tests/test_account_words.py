"""The sign-up form's help says the rules the server keeps (issue 29: a name of 3 to 20
letters, digits, ``_`` or ``-``; a password of at least 10 characters). The help is the
catalogue's words (``page.account.*.help``, every language); the numbers it names are checked
here against what the server accepts and refuses at each edge."""

from __future__ import annotations

import re

import pytest

from sagrada.i18n import languages
from sagrada.players.accounts import check_name, check_password
from sagrada.players.refusal import Refusal
from test_messages import catalogue_texts


def numbers(language: str, message: str) -> list[int]:
    (text,) = catalogue_texts(language, "po")[message]
    return [int(found) for found in re.findall(r"\d+", text)]


@pytest.mark.parametrize("language", languages())
def test_the_help_of_a_name_says_how_long_the_server_takes_it(language: str) -> None:
    least, most = numbers(language, "page.account.name.help")
    assert (least, most) == (3, 20)
    for length in (least, most):
        assert check_name("a" * length) == "a" * length
    for length in (least - 1, most + 1):
        with pytest.raises(Refusal):
            check_name("a" * length)
    # The letters, digits, _ and - it names.
    assert check_name("Ada_1-x") == "Ada_1-x"


@pytest.mark.parametrize("language", languages())
def test_the_help_of_a_password_says_how_long_it_must_be(language: str) -> None:
    (least,) = numbers(language, "page.account.password.help")
    assert least == 10
    assert check_password("p" * least) == "p" * least
    with pytest.raises(Refusal):
        check_password("p" * (least - 1))
