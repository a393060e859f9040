#!/usr/bin/env python3
"""Writes samples/data.sql and samples/workload.jsonl, byte for byte the same on every run.

Usage: python3 samples/generate.py

A tiny SplitMix64 generator of our own (rather than Python's `random`) keeps the output stable
across Python versions. Amounts use Decimal so that order totals match their lines exactly.
"""

import json
import os
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20261121

N_CUSTOMERS = 2000
N_PRODUCTS = 500
N_ORDERS = 10000
ROWS_PER_INSERT = 500


class Rng:
    """SplitMix64: small, fast, and the same sequence everywhere."""

    MASK = (1 << 64) - 1

    def __init__(self, seed):
        self.state = seed & self.MASK

    def next64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next64() % n

    def between(self, lo, hi):
        """An integer in [lo, hi]."""
        return lo + self.below(hi - lo + 1)

    def chance(self, percent):
        return self.below(10000) < percent * 100

    def pick(self, items):
        return items[self.below(len(items))]

    def weighted(self, pairs):
        total = sum(w for _, w in pairs)
        r = self.below(total)
        for value, w in pairs:
            if r < w:
                return value
            r -= w
        raise AssertionError("unreachable")

    def datetime_between(self, start, end):
        seconds = int((end - start).total_seconds())
        return start + timedelta(seconds=self.below(seconds))


# ---------------------------------------------------------------------------------------------
# SQL literals


def sql_str(s):
    if s is None:
        return "NULL"
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def sql_val(v):
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, (int, Decimal)):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, datetime):
        return "'" + v.strftime("%Y-%m-%d %H:%M:%S") + "'"
    if isinstance(v, date):
        return "'" + v.isoformat() + "'"
    return sql_str(v)


def json_text(doc):
    # Compact but with the spaces people type; ensure_ascii=False keeps accents and emoji as is.
    return json.dumps(doc, ensure_ascii=False, separators=(", ", ": "))


def money(x):
    return Decimal(x).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# ---------------------------------------------------------------------------------------------
# Data

CATEGORIES = [
    # id, parent, name, slug
    (1, None, "Electronics", "electronics"),
    (2, 1, "Phones", "phones"),
    (3, 1, "Laptops", "laptops"),
    (4, 1, "Audio & Hi-Fi", "audio"),
    (5, None, "Home & Garden", "home-garden"),
    (6, 5, "Kitchen", "kitchen"),
    (7, 5, "Garden", "garden"),
    (8, 5, "Furniture", "furniture"),
    (9, None, "Books", "books"),
    (10, 9, "Fiction", "fiction"),
    (11, 9, "Non-fiction", "non-fiction"),
    (12, None, "Clothing", "clothing"),
    (13, 12, "Men", "men"),
    (14, 12, "Women", "women"),
    (15, 12, "Kids", "kids"),
    (16, None, "Sports & Outdoors", "sports"),
    (17, 16, "Cycling", "cycling"),
    (18, 16, "Running", "running"),
    (19, None, "Café & Thé", "cafe-the"),
    (20, None, "Toys", "toys"),
    (21, None, "Beauty", "beauty"),
    (22, None, "Überraschungen 🎁", "surprises"),
]
LEAF_CATEGORIES = [c[0] for c in CATEGORIES if not any(o[1] == c[0] for o in CATEGORIES)]

FIRST_NAMES = [
    "Anna", "Ben", "Chloé", "David", "Élodie", "François", "Greta", "Hugo", "Inès", "Jan",
    "José", "Karin", "Łukasz", "Marta", "Nils", "Noémie", "Oskar", "Paula", "Søren", "Thomas",
    "Ümit", "Valérie", "Wojciech", "Zoë", "Ana", "Björn", "Carlos", "Dagmar", "Emma", "Felix",
    "Giulia", "Hannah", "Ignacio", "Julia", "Kenji", "Laura", "Mateo", "Nina", "Olga", "Pedro",
    "Sakura", "Tomás", "Yuki", "Åsa", "Ørjan", "Zbigniew", "Dženana", "Şule", "Renée", "Mia",
]
LAST_NAMES = [
    "Müller", "Schmidt", "García", "Martínez", "Dubois", "Lefèvre", "Kowalski", "Nowak",
    "Wiśniewski", "Jansen", "de Vries", "Andersson", "Johansson", "Rossi", "Bianchi", "Silva",
    "Ferreira", "Smith", "Jones", "O'Brien", "Brown", "Núñez", "Hernández", "Łęcki", "Svensson",
    "Østergaard", "Çelik", "Yılmaz", "Tanaka", "Suzuki", "Sato", "Dvořák", "Novák", "Horváth",
    "Petrović", "Đorđević", "Fischer", "Weber", "Meyer", "Schäfer", "Becker", "Wagner", "Lopez",
    "Moreau", "Girard", "Bernard", "Costa", "Santos", "Kim", "Nguyễn",
]
CITIES = {
    "DE": ["Berlin", "München", "Köln", "Hamburg", "Düsseldorf"],
    "FR": ["Paris", "Lyon", "Nantes", "Besançon", "Orléans"],
    "ES": ["Madrid", "Sevilla", "A Coruña", "Málaga", "Barcelona"],
    "PL": ["Kraków", "Łódź", "Gdańsk", "Warszawa", "Poznań"],
    "NL": ["Amsterdam", "Utrecht", "Den Haag", "Rotterdam"],
    "SE": ["Göteborg", "Malmö", "Stockholm", "Umeå"],
    "IT": ["Milano", "Torino", "Roma", "Napoli"],
    "PT": ["Lisboa", "Porto", "Évora"],
    "GB": ["London", "Manchester", "Edinburgh"],
    "US": ["New York", "Chicago", "San José"],
    "JP": ["東京", "大阪", "京都"],
    "CH": ["Zürich", "Genève", "Bern"],
    "TR": ["İstanbul", "Ankara", "İzmir"],
}
COUNTRY_WEIGHTS = [
    ("DE", 24), ("FR", 14), ("ES", 10), ("PL", 8), ("NL", 7), ("SE", 5), ("IT", 8), ("PT", 4),
    ("GB", 6), ("US", 5), ("JP", 3), ("CH", 4), ("TR", 2),
]
LANGUAGE = {
    "DE": "de", "FR": "fr", "ES": "es", "PL": "pl", "NL": "nl", "SE": "sv", "IT": "it",
    "PT": "pt", "GB": "en", "US": "en", "JP": "ja", "CH": "de", "TR": "tr",
}

ADJECTIVES = [
    "Classic", "Deluxe", "Compact", "Ultra", "Eco", "Smart", "Vintage", "Pro", "Mini", "Grand",
    "Crème", "Öko", "Señor", "Naïve", "Super",
]
NOUNS = {
    2: ["Smartphone", "Phone case", "Charger", "Screen protector"],
    3: ["Laptop 14\"", "Laptop stand", "USB-C dock", "Sleeve"],
    4: ["Headphones", "Speaker", "Turntable", "Earbuds"],
    6: ["Kaffeemühle", "Espresso cup", "Chef's knife", "Crêpe pan", "Teapot"],
    7: ["Garden hose", "Pruning shears", "Flower pot", "Bird house"],
    8: ["Armchair", "Bookshelf", "Side table", "Lamp"],
    10: ["Novel", "Thriller", "Poetry collection", "Roman policier"],
    11: ["Cookbook", "Atlas", "Biography", "Guide to Málaga"],
    13: ["T-shirt", "Jeans", "Jacket", "Scarf"],
    14: ["Dress", "Blouse", "Coat", "Écharpe"],
    15: ["Onesie", "Sneakers", "Raincoat", "Pyjamas"],
    17: ["Bike helmet", "Bike light", "Saddle", "Pump"],
    18: ["Running shoes", "Water bottle", "Armband", "Socks"],
    19: ["Café moulu", "Thé vert", "Espresso beans", "Matcha"],
    20: ["Puzzle", "Board game", "Teddy bear", "Rubik's cube"],
    21: ["Shampoo", "Face cream", "Perfume", "Lip balm"],
    22: ["Mystery box", "Gift card", "Surprise bag"],
}
EXTRAS = ["", "", "", "", " 2", " XL", " ☕", " 🚀", " (blue)", " – limited", " 🎁", " ✓"]
COLORS = ["red", "blue", "green", "black", "white", "grün", "beige", "bordeaux"]
SIZES = ["XS", "S", "M", "L", "XL"]

ORDER_NOTES = [
    "Please ring twice",
    "Leave at the door 🚪",
    "Gift wrap please 🎁",
    "Livraison après 18h",
    "Bitte beim Nachbarn abgeben",
    "Entregar por la mañana",
    "Fragile!  ",
    "call me first ",
    "Schnell bitte 🚀🚀",
    "no plastic, merci ",
    "お届け前にご連絡ください",
    "Ring the bell — it's broken",
]
COUPONS = ["WELCOME10", "SUMMER24", "BLACKFRIDAY", "VIP-ÉTÉ", "FREESHIP"]


def categories_rows():
    return [list(c) for c in CATEGORIES]


def customer_rows(rng):
    rows = []
    for cid in range(1, N_CUSTOMERS + 1):
        first = rng.pick(FIRST_NAMES)
        last = rng.pick(LAST_NAMES)
        country = rng.weighted(COUNTRY_WEIGHTS)
        city = rng.pick(CITIES[country])
        if rng.chance(3):
            city = city + " "  # typed with a trailing space: 'Zürich ' = 'Zürich' (PAD SPACE)
        if rng.chance(5):
            city = None
        birth = None if rng.chance(12) else date(1950, 1, 1) + timedelta(days=rng.below(20000))
        created = rng.datetime_between(datetime(2019, 1, 1), datetime(2026, 10, 1))
        updated = created + timedelta(seconds=rng.below(3 * 365 * 86400))
        updated = min(updated, datetime(2026, 11, 20, 8, 0, 0))
        points = rng.below(5000) if rng.chance(80) else 0
        credit = None if rng.chance(35) else money(Decimal(rng.between(0, 200)) * 50)
        tier = rng.weighted([("bronze", 60), ("silver", 25), ("gold", 12), ("platinum", 3)])
        prefs = None
        if rng.chance(70):
            doc = {
                "newsletter": rng.chance(50),
                "language": LANGUAGE[country],
            }
            if rng.chance(40):
                doc["tags"] = sorted({rng.pick(["vip", "eco", "b2b", "late-payer", "früh"])
                                      for _ in range(rng.between(1, 3))})
            if rng.chance(30):
                doc["notify"] = {"email": rng.chance(80), "sms": rng.chance(20)}
            if rng.chance(10):
                doc["discount"] = rng.pick([0.05, 0.1, 0.15, 0.125])
            prefs = json_text(doc)
            if rng.chance(0.5):
                prefs = "{newsletter: yes"  # broken JSON, as real apps store now and then
        email_local = ascii_fold(first) + "." + ascii_fold(last).replace(" ", "").replace("'", "")
        email = f"{email_local}.{cid}@example.com"
        if cid % 97 == 0:
            email = email.upper()
        rows.append([cid, email, first, last, city, country, birth, created, updated, points,
                     credit, tier, prefs])
    return rows


FOLD = str.maketrans({
    "é": "e", "è": "e", "ë": "e", "ç": "c", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ü": "u",
    "Ü": "U", "ö": "o", "ä": "a", "å": "a", "Å": "A", "ñ": "n", "í": "i", "á": "a", "ó": "o",
    "ú": "u", "ę": "e", "ś": "s", "ć": "c", "ı": "i", "ş": "s", "Ş": "S", "ž": "z", "Đ": "D",
    "đ": "d", "ř": "r", "ễ": "e", "É": "E", "Ç": "C", "ê": "e",
})


def ascii_fold(s):
    return s.translate(FOLD).lower()


def product_rows(rng):
    rows = []
    for pid in range(1, N_PRODUCTS + 1):
        cat = rng.pick(LEAF_CATEGORIES)
        name = rng.pick(ADJECTIVES) + " " + rng.pick(NOUNS[cat]) + rng.pick(EXTRAS)
        if rng.chance(2):
            name = name + "  "  # trailing spaces from a careless import
        cents = rng.weighted([((99, 4999), 50), ((5000, 29999), 35), ((30000, 299999), 15)])
        price = money(Decimal(rng.between(*cents)) / 100)
        if rng.chance(30):
            price = money(int(price) + Decimal("0.99"))
        cost = None if rng.chance(15) else (price * Decimal(rng.between(30, 80)) / 100).quantize(
            Decimal("0.0001"), rounding=ROUND_HALF_UP)
        weight = None if rng.chance(10) else rng.between(5, 25000) / 1000.0
        if weight is not None and rng.chance(20):
            weight = round(weight / 3.0, 6)  # values that are not short decimals
        rating = None if rng.chance(20) else rng.between(10, 50) / 10.0
        stock = rng.below(500) if rng.chance(85) else 0
        status = rng.weighted([("active", 80), ("discontinued", 12), ("draft", 8)])
        attrs = None
        if rng.chance(85):
            doc = {"color": rng.pick(COLORS)}
            if cat in (13, 14, 15):
                doc["size"] = rng.pick(SIZES)
            if rng.chance(50):
                doc["dimensions"] = {"w": rng.between(1, 100) / 2, "h": rng.between(1, 60),
                                     "unit": "cm"}
            if rng.chance(40):
                doc["warranty_months"] = rng.pick([6, 12, 24, 36])
            if rng.chance(30):
                doc["tags"] = [rng.pick(["new", "sale", "bio", "fair-trade", "handmade", "été"])
                               for _ in range(rng.between(1, 3))]
            if rng.chance(5):
                doc["price_hint"] = float(price) * 1.1
            if cat in (2, 3, 4):
                # Standby power in kW: tiny values, which JSON writers put in exponent form.
                doc["standby_kw"] = rng.pick([0.0005, 0.0003, 0.0012, 5e-05, 2.5e-05, 7.5e-05])
            attrs = json_text(doc)
        desc = None
        if rng.chance(75):
            blurb = rng.pick(["great value", "bestseller", "très chic", "für jeden Tag",
                              "hecho a mano"])
            desc = f"{name.strip()} — {blurb}. Ships in {rng.between(1, 10)} days."
        created = rng.datetime_between(datetime(2018, 6, 1), datetime(2026, 9, 1))
        rows.append([pid, f"SKU-{pid:05d}", cat, name, desc, price, cost, weight, rating, stock,
                     status, attrs, created])
    return rows


def order_rows(rng, products):
    orders = []
    lines = []
    # A few customers order a lot, most rarely: pick customer ids from a skewed distribution.
    heavy = [rng.between(1, N_CUSTOMERS) for _ in range(60)]
    start = datetime(2024, 1, 1)
    end = datetime(2026, 11, 20)
    span = int((end - start).total_seconds())
    # Order ids increase with time, like an auto-increment.
    times = sorted(start + timedelta(seconds=rng.below(span)) for _ in range(N_ORDERS))
    for oid, ordered in enumerate(times, start=1):
        cid = rng.pick(heavy) if rng.chance(25) else rng.between(1, N_CUSTOMERS)
        age_days = (end - ordered).days
        if age_days < 3:
            status = rng.weighted([("pending", 50), ("paid", 40), ("cancelled", 10)])
        elif age_days < 14:
            status = rng.weighted([("paid", 20), ("shipped", 60), ("cancelled", 10), ("delivered", 10)])
        else:
            status = rng.weighted([("delivered", 85), ("cancelled", 7), ("refunded", 8)])
        shipped = None
        delivery = None
        if status in ("shipped", "delivered", "refunded"):
            shipped = ordered + timedelta(seconds=rng.between(3600, 4 * 86400))
            if status != "shipped":
                delivery = (shipped + timedelta(days=rng.between(1, 7))).date()
        currency = rng.weighted([("EUR", 85), ("CHF", 5), ("GBP", 6), ("USD", 4)])
        n_lines = rng.weighted([(1, 20), (2, 22), (3, 22), (4, 16), (5, 12), (6, 8)])
        total = Decimal("0.00")
        used = set()
        for line_no in range(1, n_lines + 1):
            prod = products[rng.below(len(products))]
            while prod[0] in used:
                prod = products[rng.below(len(products))]
            used.add(prod[0])
            qty = rng.weighted([(1, 60), (2, 25), (3, 8), (4, 4), (10, 3)])
            unit = prod[5]
            disc = rng.weighted([(0.0, 75), (0.05, 8), (0.1, 8), (0.15, 4), (1 / 3, 3), (0.2, 2)])
            tax = rng.pick([Decimal("0.190"), Decimal("0.200"), Decimal("0.210"), Decimal("0.077"),
                            Decimal("0.230")])
            lines.append([oid, line_no, prod[0], qty, unit, disc, tax])
            total += money(unit * qty * (Decimal(1) - Decimal(repr(disc))))
        shipping = Decimal("0.00") if total > 50 else rng.pick([Decimal("4.90"), Decimal("6.99")])
        coupon = rng.pick(COUPONS) if rng.chance(8) else None
        note = rng.pick(ORDER_NOTES) if rng.chance(6) else None
        updated = max(x for x in (ordered, shipped) if x is not None)
        if delivery is not None:
            updated = datetime.combine(delivery, datetime.min.time()) + timedelta(hours=14)
        updated = min(updated, end)
        orders.append([oid, cid, status, ordered, shipped, delivery, currency, money(total),
                       shipping, coupon, note, updated])
    return orders, lines


TABLES = [
    ("categories", ["id", "parent_id", "name", "slug"]),
    ("customers", ["id", "email", "first_name", "last_name", "city", "country", "birth_date",
                   "created_at", "updated_at", "loyalty_points", "credit_limit", "tier",
                   "preferences"]),
    ("products", ["id", "sku", "category_id", "name", "description", "price", "cost",
                  "weight_kg", "rating", "stock", "status", "attributes", "created_at"]),
    ("orders", ["id", "customer_id", "status", "ordered_at", "shipped_at", "delivery_date",
                "currency", "total", "shipping_cost", "coupon_code", "note", "updated_at"]),
    ("order_lines", ["order_id", "line_no", "product_id", "quantity", "unit_price",
                     "discount_rate", "tax_rate"]),
]


def write_data(path, tables):
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("-- Generated by samples/generate.py; do not edit by hand.\n")
        out.write("-- Load after schema.sql. Times are UTC.\n")
        out.write("SET NAMES utf8mb4 COLLATE utf8mb4_general_ci;\n")
        out.write("SET time_zone = '+00:00';\n")
        out.write("USE shop;\n")
        for (table, columns), rows in zip(TABLES, tables):
            out.write(f"\n-- {table}: {len(rows)} rows\n")
            for i in range(0, len(rows), ROWS_PER_INSERT):
                chunk = rows[i:i + ROWS_PER_INSERT]
                out.write(f"INSERT INTO {table} ({', '.join(columns)}) VALUES\n")
                out.write(",\n".join("(" + ",".join(sql_val(v) for v in r) + ")" for r in chunk))
                out.write(";\n")
        # Statistics taken now, not by a background thread at some later moment: both servers
        # then plan from settled numbers, and the plan-dependent differences stay put.
        out.write("\nANALYZE TABLE " + ", ".join(t for t, _ in TABLES) + ";\n")


# ---------------------------------------------------------------------------------------------
# Workload
#
# Eight sessions of a shop's day, as a capture on the OLD server (10.2.11) would record them.
# Each class is one SQL shape with several parameter sets. The class keys (c01 ...) are the
# ones samples/README.md uses; they do not appear in the file.

START = datetime(2026, 11, 20, 9, 0, 0)

SESSIONS = {
    # id: (user, host, role)
    4101: ("shop_web", "10.0.1.21", "web"),
    4102: ("shop_web", "10.0.1.22", "web"),
    4103: ("shop_web", "10.0.1.21", "web"),
    4104: ("shop_api", "10.0.1.30", "api"),
    4105: ("shop_report", "10.0.2.40", "reports"),
    4106: ("shop_admin", "10.0.2.41", "backoffice"),
    4107: ("shop_batch", "10.0.2.42", "batch"),
    4108: ("shop_web", "10.0.1.23", "checkout"),
}
WEB = [4101, 4102, 4103]


class Data:
    """The generated rows, indexed for picking realistic parameters."""

    def __init__(self, customers, products, orders):
        self.products = products
        self.buyers = sorted({o[1] for o in orders})
        self.delivered_buyers = sorted({o[1] for o in orders if o[2] == "delivered"})
        self.emails = [c[1] for c in customers]


def d(x):
    return x.strftime("%Y-%m-%d")


def month_start(rng, first=date(2024, 1, 1), last=date(2026, 10, 1)):
    months = (last.year - first.year) * 12 + last.month - first.month
    m = first.month - 1 + rng.below(months + 1)
    return date(first.year + m // 12, m % 12 + 1, 1)


def add_months(x, n):
    m = x.month - 1 + n
    return date(x.year + m // 12, m % 12 + 1, 1)


COUNTRIES = [c for c, _ in COUNTRY_WEIGHTS]
SEARCH_WORDS = ["Crème", "Kaffeemühle", "☕", "🎁", "Écharpe", "Señor", "thé", "Öko", "crepe", "XL"]
CITY_LOOKUPS = [("Zürich", "CH"), ("Łódź", "PL"), ("東京", "JP"), ("İstanbul", "TR"), ("Malmö", "SE"),
                ("A Coruña", "ES"), ("Genève", "CH"), ("Köln", "DE"), ("Besançon", "FR"),
                ("San José", "US")]


def classes(data):
    """(key, sessions, count, duration range in microseconds, sql maker, source error code)."""
    cust = lambda r: r.pick(data.buyers)  # noqa: E731

    def c01(r):
        return ("SELECT id, email, first_name, last_name, city, country, tier, loyalty_points "
                f"FROM customers WHERE id = {cust(r)}")

    def c02(r):
        return ("SELECT id, sku, name, price, stock, status, rating FROM products "
                f"WHERE sku = 'SKU-{r.between(1, N_PRODUCTS):05d}'")

    def c03(r):
        lo = r.pick([0, 10, 20, 50, 100])
        hi = lo + r.pick([50, 100, 500, 2000])
        return ("SELECT id, sku, name, price, rating FROM products "
                f"WHERE category_id = {r.pick(LEAF_CATEGORIES)} AND status = 'active' "
                f"AND price BETWEEN {lo} AND {hi} ORDER BY price, id LIMIT 20")

    def c04(r):
        return ("SELECT id, status, ordered_at, total, currency FROM orders "
                f"WHERE customer_id = {cust(r)} ORDER BY ordered_at DESC, id DESC LIMIT 10")

    def c05(r):
        return ("SELECT l.line_no, p.sku, p.name, l.quantity, l.unit_price, l.discount_rate, "
                "l.tax_rate FROM order_lines l JOIN products p ON p.id = l.product_id "
                f"WHERE l.order_id = {r.between(1, N_ORDERS)} ORDER BY l.line_no")

    def c06(r):
        return ("SELECT id, name, price FROM products "
                f"WHERE name LIKE '%{r.pick(SEARCH_WORDS)}%' AND status = 'active' "
                "ORDER BY name, id LIMIT 20")

    def c07(r):
        return ("SELECT COUNT(*) AS total, " + str(20 * r.between(1, 4)) + " AS offset "
                f"FROM products WHERE category_id = {r.pick(LEAF_CATEGORIES)} AND status = 'active'")

    def c08(r):
        return ("SELECT id, name, price FROM products "
                f"WHERE category_id = {r.pick(LEAF_CATEGORIES)} AND status = 'active' "
                "ORDER BY RAND() LIMIT 4")

    def c09(r):
        return ("SELECT id, name, rating FROM products WHERE status = 'active' "
                f"ORDER BY rating DESC LIMIT {r.pick([5, 10, 12])}")

    def c10(r):
        return ("SELECT id, status, DATE_FORMAT(ordered_at, '%Y-%m-%dT%H:%i:%s%z') AS ordered_at, "
                f"total FROM orders WHERE customer_id = {cust(r)} ORDER BY id")

    def c11(r):
        return ("SELECT id, sku, JSON_EXTRACT(attributes, '$.standby_kw') AS standby_kw "
                f"FROM products WHERE category_id = {r.pick([2, 3, 4])} ORDER BY id")

    def c12(r):
        since = datetime(2026, 1, 1) + timedelta(days=r.below(300))
        epoch = int((since - datetime(1970, 1, 1)).total_seconds())
        if r.chance(40):
            epoch *= 1000  # a JavaScript timestamp in milliseconds, passed on unchanged
        return ("SELECT id, status, total FROM orders "
                f"WHERE customer_id = {cust(r)} AND ordered_at >= FROM_UNIXTIME({epoch}) ORDER BY id")

    def c13(r):
        return f"SELECT UUID() AS request_id, id, email FROM customers WHERE id = {cust(r)}"

    def c14(r):
        first = month_start(r, last=date(2026, 6, 1))
        return ("SELECT DATE_FORMAT(ordered_at, '%Y-%m') AS month, COUNT(*) AS orders, "
                f"SUM(total) AS revenue FROM orders WHERE ordered_at >= '{d(first)}' "
                f"AND ordered_at < '{d(add_months(first, r.pick([3, 6])))}' AND status <> 'cancelled' "
                "GROUP BY DATE_FORMAT(ordered_at, '%Y-%m')")

    def c15(r):
        return ("SELECT category_id, COUNT(*) AS n, AVG(rating) AS avg_rating, "
                "SUM(weight_kg) AS total_weight, STDDEV(price) AS price_sd FROM products "
                f"WHERE status = '{r.pick(['active', 'discontinued', 'draft'])}' GROUP BY category_id")

    def c16(r):
        first = month_start(r)
        return ("SELECT o.currency, SUM(l.quantity * l.unit_price * (1 - l.discount_rate)) AS net, "
                "SUM(l.quantity * l.unit_price * (1 - l.discount_rate) * (1 + l.tax_rate)) AS gross "
                "FROM order_lines l JOIN orders o ON o.id = l.order_id "
                f"WHERE o.ordered_at >= '{d(first)}' AND o.ordered_at < '{d(add_months(first, 1))}' "
                "GROUP BY o.currency")

    def c17(r):
        return ("SELECT l.product_id, p.name, SUM(l.quantity) AS units FROM order_lines l "
                "JOIN orders o ON o.id = l.order_id JOIN products p ON p.id = l.product_id "
                f"WHERE o.ordered_at >= '{d(month_start(r))}' AND o.status IN ('paid', 'shipped', 'delivered') "
                "GROUP BY l.product_id, p.name ORDER BY units DESC, l.product_id LIMIT 10")

    def c18(r):
        a = r.between(1, N_CUSTOMERS - 5)
        return ("SELECT customer_id, id, ordered_at, ROW_NUMBER() OVER (PARTITION BY customer_id "
                f"ORDER BY ordered_at DESC) AS rn FROM orders WHERE customer_id BETWEEN {a} AND {a + 3}")

    def c19(r):
        return ("SELECT id, ordered_at, shipped_at, delivery_date, "
                "TIMESTAMPDIFF(HOUR, ordered_at, shipped_at) AS hours_to_ship, "
                "DATEDIFF(delivery_date, ordered_at) AS days_to_deliver, "
                "ordered_at + INTERVAL 30 DAY AS return_deadline FROM orders "
                f"WHERE customer_id = {r.pick(data.delivered_buyers)} AND status = 'delivered' ORDER BY id")

    def c20(r):
        return ("SELECT category_id, name, MAX(price) AS max_price FROM products "
                f"WHERE price > {r.pick([0, 5, 10, 50, 100])} GROUP BY category_id")

    def c21(r):
        return ("SELECT id, email, created_at FROM customers "
                f"WHERE country = '{r.pick(COUNTRIES)}' AND id NOT IN "
                f"(SELECT customer_id FROM orders WHERE ordered_at >= '{d(month_start(r))}') "
                "ORDER BY id LIMIT 20")

    def c22(r):
        return "SHOW CREATE TABLE orders"

    def c23(r):
        city, country = r.pick(CITY_LOOKUPS)
        return ("SELECT id, first_name, UPPER(last_name) AS last_name, city, CHAR_LENGTH(city) AS chars, "
                f"LENGTH(city) AS bytes FROM customers WHERE city = '{city}' AND country = '{country}' "
                "ORDER BY id")

    def c24(r):
        email = r.pick(data.emails)
        return ("SELECT id, status, total FROM orders o JOIN customers c ON c.id = o.customer_id "
                f"WHERE c.email = '{email}'")

    def c25(r):
        return ("SELECT o.id, c.last_name, o.total FROM orders o JOIN customers c ON c.id = o.customer_id "
                f"WHERE c.country = '{r.pick(['PL', 'ES', 'NL', 'IT', 'DE'])}' AND o.ordered_at >= '2026-09-01'")

    def c26(r):
        return ("SELECT o.id, o.total FROM orders o JOIN customers c ON c.id = o.customer_id "
                f"WHERE c.country = '{r.pick(['PL', 'ES', 'NL', 'IT'])}' AND o.ordered_at >= '2026-09-01' LIMIT 10")

    def c27(r):
        return ("SELECT id, sku, name FROM products "
                f"WHERE category_id = {r.pick(LEAF_CATEGORIES)} ORDER BY NATURAL_SORT_KEY(name) LIMIT 20")

    def c28(r):
        return ("SELECT id, email FROM customers WHERE email REGEXP '[[:upper:]]' "
                f"AND country = '{r.pick(['DE', 'FR', 'ES', 'IT', 'PL', 'GB'])}' ORDER BY id")

    def c29(r):
        return ("SELECT JSON_UNQUOTE(JSON_EXTRACT(preferences, '$.language')) AS language, "
                f"COUNT(*) AS customers FROM customers WHERE country = '{r.pick(COUNTRIES)}' "
                "GROUP BY JSON_UNQUOTE(JSON_EXTRACT(preferences, '$.language'))")

    def c30(r):
        n = r.between(1, N_CUSTOMERS)
        raw = r.pick([f"{n} ", f"{n} ", f"{n};", f"{n}x"])  # ids from a hand-edited CSV
        return f"SELECT id, email, tier FROM customers WHERE id = '{raw}'"

    def c31(r):
        return ("SELECT COUNT(*) AS stale FROM orders WHERE status = 'pending' "
                f"AND ordered_at < NOW() - INTERVAL {r.pick([2, 6, 24, 48])} HOUR")

    def c32(r):
        return ("SELECT p.id, p.name FROM products p WHERE EXISTS (SELECT 1 FROM order_lines l "
                "JOIN orders o ON o.id = l.order_id WHERE l.product_id = p.id AND o.status = 'refunded' "
                f"AND o.ordered_at >= '{r.pick(['2026-06-01', '2026-06-01', '2026-03-01', '2026-09-01'])}')")

    def c33(r):
        c = r.pick(data.buyers)
        total = money(Decimal(r.between(500, 40000)) / 100)
        return ("INSERT INTO orders (customer_id, status, ordered_at, currency, total, shipping_cost) "
                f"VALUES ({c}, 'pending', NOW(), 'EUR', {total}, {'0.00' if total > 50 else '4.90'})")

    return [
        ("set_names", WEB + [4104, 4108], 0, (15, 40), lambda r: "SET NAMES utf8mb4", 0),
        ("set_tz", [4104], 0, (15, 40), lambda r: "SET time_zone = '+00:00'", 0),
        ("set_tx", [4105, 4106], 0, (15, 40),
         lambda r: "SET SESSION tx_isolation = 'READ-COMMITTED'", 0),
        ("use", [4106, 4107], 0, (10, 30), lambda r: "USE shop", 0),
        ("c01", WEB + [4104, 4108], 45, (60, 250), c01, 0),
        ("c02", WEB + [4108], 40, (60, 250), c02, 0),
        ("c03", WEB, 24, (400, 2500), c03, 0),
        ("c04", WEB + [4104], 24, (150, 900), c04, 0),
        ("c05", WEB + [4104], 24, (150, 700), c05, 0),
        ("c06", WEB, 14, (1500, 6000), c06, 0),
        ("c07", WEB, 10, (200, 900), c07, 0),
        ("c08", WEB, 10, (900, 3000), c08, 0),
        ("c09", WEB, 6, (800, 2500), c09, 0),
        ("c10", [4104], 12, (200, 1200), c10, 0),
        ("c11", [4104], 9, (500, 2000), c11, 0),
        ("c12", [4104], 10, (200, 900), c12, 0),
        ("c13", [4104, 4108], 8, (60, 250), c13, 0),
        ("c14", [4105], 8, (8000, 30000), c14, 0),
        ("c15", [4105], 6, (1500, 5000), c15, 0),
        ("c16", [4105], 6, (20000, 60000), c16, 0),
        ("c17", [4105], 6, (25000, 90000), c17, 0),
        ("c18", [4105], 6, (300, 1500), c18, 0),
        ("c19", [4105, 4106], 8, (200, 900), c19, 0),
        ("c20", [4105], 5, (1500, 5000), c20, 0),
        ("c21", [4105], 6, (5000, 20000), c21, 0),
        ("c22", [4106], 3, (100, 400), c22, 0),
        ("c23", [4106], 10, (300, 1200), c23, 0),
        ("c24", [4106], 4, (40, 120), c24, 1052),
        ("c25", [4106], 6, (3000, 12000), c25, 0),
        ("c26", [4106], 5, (500, 3000), c26, 0),
        ("c27", [4106], 3, (40, 120), c27, 1305),
        ("c28", [4107], 6, (3000, 9000), c28, 0),
        ("c29", [4107], 6, (3000, 9000), c29, 0),
        ("c30", [4107], 8, (80, 300), c30, 0),
        ("c31", [4107], 5, (2000, 6000), c31, 0),
        ("c32", [4107], 4, (20000, 80000), c32, 0),
        ("c33", [4108], 4, (300, 1200), c33, 0),
        # c34 and c35 follow c33 in the checkout session: see checkout().
    ]


def checkout(r, data):
    """One checkout: the order, its lines (keyed by LAST_INSERT_ID()), and the stock updates."""
    out = []
    n = r.between(1, 3)
    chosen = []
    while len(chosen) < n:
        p = r.pick(data.products)
        if p[0] not in [c[0] for c in chosen]:
            chosen.append(p)
    for line_no, p in enumerate(chosen, start=1):
        qty = r.pick([1, 1, 2])
        out.append(("c34", (300, 900),
                    "INSERT INTO order_lines (order_id, line_no, product_id, quantity, unit_price, "
                    f"discount_rate, tax_rate) VALUES (LAST_INSERT_ID(), {line_no}, {p[0]}, {qty}, "
                    f"{p[5]}, 0, 0.190)"))
    for p in chosen:
        out.append(("c35", (300, 1200),
                    f"UPDATE products SET stock = stock - 1 WHERE id = {p[0]} AND stock >= 1"))
    return out


def workload_events(rng, data):
    """Returns [(session, key, duration range, sql, error code)] in session order, per session."""
    per_session = {s: [] for s in SESSIONS}
    prologue = {s: [] for s in SESSIONS}
    for key, sessions, count, durations, make, error in classes(data):
        if count == 0:
            for s in sessions:
                prologue[s].append((key, durations, make(rng), error))
            continue
        for i in range(count):
            s = sessions[i % len(sessions)] if i < len(sessions) else rng.pick(sessions)
            if key == "c33":
                group = [(key, durations, make(rng), error)]
                group += [(k, dur, sql, 0) for k, dur, sql in checkout(rng, data)]
                per_session[s].append(group)
            else:
                per_session[s].append([(key, durations, make(rng), error)])
    result = {}
    for s in SESSIONS:
        groups = per_session[s]
        # Fisher-Yates with our generator, so the order is as stable as the rest.
        for i in range(len(groups) - 1, 0, -1):
            j = rng.below(i + 1)
            groups[i], groups[j] = groups[j], groups[i]
        result[s] = prologue[s] + [e for g in groups for e in g]
    return result


def iso(ts):
    return ts.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def write_workload(path, rng, data):
    sessions = workload_events(rng, data)
    events = []
    for s, items in sessions.items():
        t = START + timedelta(milliseconds=rng.below(20000))
        for key, (lo, hi), sql, error in items:
            user, host, _ = SESSIONS[s]
            events.append((t, s, key, user, host, sql, rng.between(lo, hi), error))
            t += timedelta(microseconds=rng.between(150_000, 4_000_000))
    events.sort(key=lambda e: (e[0], e[1]))
    end = max(e[0] for e in events) + timedelta(seconds=1)
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        header = {"format": "querytester-workload", "version": 1, "source": "manual",
                  "server_version": "10.2.11-MariaDB", "start": iso(START).replace(".000000", ""),
                  "filters": {}}
        out.write(json.dumps(header, ensure_ascii=False, separators=(",", ":")) + "\n")
        for t, s, key, user, host, sql, duration, error in events:
            event = {"ts": iso(t), "session": s, "user": user, "host": host, "schema": "shop",
                     "sql": sql, "duration_micros": duration, "error_code": error}
            out.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n")
        footer = {"footer": True, "end": iso(end), "events": len(events), "counts": {}}
        out.write(json.dumps(footer, ensure_ascii=False, separators=(",", ":")) + "\n")
    keys = sorted({e[2] for e in events})
    return len(events), len(keys), len(sessions)


def main():
    rng = Rng(SEED)
    cats = categories_rows()
    customers = customer_rows(rng)
    products = product_rows(rng)
    orders, lines = order_rows(rng, products)
    write_data(os.path.join(HERE, "data.sql"), [cats, customers, products, orders, lines])
    print(f"data.sql: {len(cats)} categories, {len(customers)} customers, {len(products)} products, "
          f"{len(orders)} orders, {len(lines)} order lines")
    # A generator of its own for the workload, so that changing it leaves data.sql unchanged.
    n_events, n_classes, n_sessions = write_workload(
        os.path.join(HERE, "workload.jsonl"), Rng(SEED + 1), Data(customers, products, orders))
    print(f"workload.jsonl: {n_events} events, {n_classes} classes, {n_sessions} sessions")


if __name__ == "__main__":
    main()
