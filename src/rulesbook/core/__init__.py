"""What every game shares: errors that cite rules, one event value, rulings, the words helpers,
the message catalogue (a `Message` said in English or zh-TW), the `Rules` base with its checks,
house rules as functions, reading untrusted data, seeded randomness, progress."""

from rulesbook.core.data import DataError
from rulesbook.core.errors import IllegalAction, NotationError, RulesbookError
from rulesbook.core.events import Event
from rulesbook.core.house import HouseRule, HouseRuleError, house_rule
from rulesbook.core.messages import Listed, Message, term
from rulesbook.core.progress import Progress
from rulesbook.core.rng import seeded_random, shuffled
from rulesbook.core.rules import RulesData
from rulesbook.core.rulings import Ruling

__all__ = [
    "DataError",
    "Event",
    "HouseRule",
    "HouseRuleError",
    "IllegalAction",
    "Listed",
    "Message",
    "NotationError",
    "Progress",
    "Ruling",
    "RulesData",
    "RulesbookError",
    "house_rule",
    "seeded_random",
    "shuffled",
    "term",
]
