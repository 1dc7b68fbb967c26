"""What every game shares: errors that cite rules, one event value, rulings, the words helpers,
the message catalogue (a `Message` said in English or zh-TW), the `Rules` base with its checks,
reading untrusted data, seeded randomness, progress."""

from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction, NotationError, RulesbookError
from rulesbook.core.events import Event
from rulesbook.core.messages import Listed, Message, term
from rulesbook.core.progress import Progress
from rulesbook.core.rng import seeded_random, shuffled
from rulesbook.core.rules import RulesData
from rulesbook.core.rulings import Ruling

__all__ = [
    "DataError",
    "Event",
    "IllegalAction",
    "Listed",
    "Message",
    "NotationError",
    "Progress",
    "Ruling",
    "RulesData",
    "RulesbookError",
    "seeded_random",
    "shuffled",
    "term",
]
