#!/usr/bin/env python3
"""The Python half of `make spark-check` (scripts/spark-check.sh runs it).

  spark_check.py generate WORK [COUNT]  writes a deterministic batch of orders for
                                        fixtures/stores/tea-shop.json into WORK/orders/
                                        (several files, like a data set's part files)
                                        and WORK/orders.jsonl (the same lines, one file)
  spark_check.py spark WORK             runs docs/CI.md's PySpark recipe in local[2] from
                                        WORK/task (which holds `promo` and
                                        `promotions.json`), then compares what it wrote
                                        with WORK/reference.jsonl (one `promo` process)
  spark_check.py recipe                 prints the recipe (the marked region below), the
                                        text docs/CI.md must quote verbatim
  spark_check.py report-recipe          the same for the report recipe: one `promo report`
                                        per partition, merged on the driver; `spark` runs it
                                        too and compares the merged report (JSON and HTML)
                                        with WORK/reference-report.json and .html

`generate` and `recipe` need only the standard library; `spark` needs pyspark and Java.
"""

import json
import os
import random
import sys
import textwrap
import time

# The evaluation time of the reference run; the recipe below says the same.
AT = "2026-11-22T12:00:00+08:00"

# What the tea shop sells: (sku, categories, unit prices). Categories and SKUs hit every
# item promotion of tea-shop.json; the rest is priced by the order stage only.
CATALOG = [
    ("tea-green", ["tea"], ["25.00", "28.50"]),
    ("tea-oolong", ["tea", "oolong"], ["32.00", "45.90"]),
    ("bag-oolong", ["tea", "bags"], ["12.00", "18.80"]),
    ("mug-white", ["mugs"], ["39.00"]),
    ("mug-blue", ["mugs"], ["39.00", "42.00"]),
    ("biscuits-oat", ["biscuits"], ["9.90", "12.50"]),
    ("biscuits-ginger", ["biscuits", "gifts"], ["14.00"]),
    ("pot-iron", ["pots"], ["88.00", "240.00"]),
    ("card", [], ["3.50"]),
]
CODES = [["VIP10"], ["vip10"], ["WELCOME5"], ["VIP10", "WELCOME5"]]


def order_line(rng, number):
    """One order as one JSON line: a bare amount (format 1) or items (format 2)."""
    order = {"id": "B-%05d" % number}
    if rng.random() < 0.25:
        if rng.random() < 0.5:
            order["currency"] = "CNY"
        order["amount"] = "%d.%02d" % (rng.randrange(1, 600), rng.randrange(100))
    else:
        items = []
        for _ in range(rng.randrange(1, 6)):
            sku, categories, prices = rng.choice(CATALOG)
            item = {"sku": sku}
            if categories:
                item["categories"] = categories
            item["unitPrice"] = rng.choice(prices)
            item["quantity"] = rng.randrange(1, 7)
            items.append(item)
        order["items"] = items
    if rng.random() < 0.2:
        order["codes"] = rng.choice(CODES)
    return json.dumps(order, separators=(",", ":"))


def generate(work, count):
    """Writes `count` orders into work/orders/part-NNNNN.jsonl and work/orders.jsonl."""
    rng = random.Random(20261122)
    lines = [order_line(rng, number) for number in range(1, count + 1)]
    # Uneven part files, as a real data set has: the first is large enough that Spark
    # cuts it in two (at a byte offset, inside a line), so a split also falls inside a file.
    shares = [0.65, 0.12, 0.09, 0.07, 0.04, 0.03]
    folder = os.path.join(work, "orders")
    os.makedirs(folder, exist_ok=True)
    start = 0
    for index, share in enumerate(shares):
        end = count if index == len(shares) - 1 else start + int(count * share)
        with open(os.path.join(folder, "part-%05d.jsonl" % index), "w") as part:
            part.writelines(line + "\n" for line in lines[start:end])
        start = end
    with open(os.path.join(work, "orders.jsonl"), "w") as whole:
        whole.writelines(line + "\n" for line in lines)
    items = sum(1 for line in lines if '"items"' in line)
    codes = sum(1 for line in lines if '"codes"' in line)
    print(
        "generated %d orders (%d with items, %d amounts only, %d with codes) in %d files"
        % (count, items, count - items, codes, len(shares))
    )


def run_recipe(sc, orders, priced):
    """docs/CI.md's PySpark recipe, run as it is written there."""
    # --- begin recipe (docs/CI.md quotes this block verbatim; StreamingRecipeTests checks) ---
    import shlex

    # Ship the static binary and the store: each executor fetches them into its working
    # directory, which is where pipe starts the command.
    sc.addFile("promo")
    sc.addFile("promotions.json")
    at = "2026-11-22T12:00:00+08:00"
    # pipe takes one command string, which it splits with shlex.split: quote it.
    command = shlex.join(
        ["./promo", "price", "--lines", "-", "--store", "promotions.json", "--at", at, "--format", "json"]
    )
    results = sc.textFile(orders).pipe(command)
    results.saveAsTextFile(priced)
    # --- end recipe ---


def run_report_recipe(sc, orders, reported):
    """docs/CI.md's report recipe, run as it is written there."""
    # --- begin report recipe (docs/CI.md quotes this block verbatim) ---
    import os
    import shlex
    import subprocess
    import tempfile

    sc.addFile("promo")
    sc.addFile("promotions.json")
    at = "2026-11-22T12:00:00+08:00"
    # Each partition's orders become one report: one JSON line, whatever their number.
    command = shlex.join(
        ["./promo", "report", "--lines", "-", "--store", "promotions.json", "--at", at, "--format", "json"]
    )
    reports = sc.textFile(orders).pipe(command).collect()
    # On the driver, promo merges them into the report of the whole batch: the same
    # report, to the byte, as one process over every order.
    with tempfile.TemporaryDirectory() as folder:
        parts = []
        for index, report in enumerate(reports):
            parts.append(os.path.join(folder, "part-%05d.json" % index))
            with open(parts[-1], "w") as part:
                part.write(report + "\n")
        for form in ["json", "html"]:
            with open(os.path.join(reported, "report." + form), "w") as output:
                subprocess.run(["./promo", "report", "--merge", "--format", form] + parts, stdout=output, check=True)
    # --- end report recipe ---


def recipe(name="recipe"):
    """The marked region of run_recipe (or run_report_recipe), dedented: what docs/CI.md
    must show."""
    with open(__file__) as source:
        text = source.read()
    begin = text.index("\n", text.index("# --- begin %s" % name)) + 1
    end = text.rindex("\n", 0, text.index("# --- end %s" % name)) + 1
    return textwrap.dedent(text[begin:end])


def order_id(line):
    return json.loads(line)["order"]


def read_lines(path):
    with open(path) as file:
        return file.read().splitlines()


def spark(work):
    from pyspark import SparkConf, SparkContext

    reference = read_lines(os.path.join(work, "reference.jsonl"))
    orders = "file://" + os.path.join(work, "orders")
    priced = "file://" + os.path.join(work, "priced")
    os.chdir(os.path.join(work, "task"))
    conf = (
        SparkConf()
        .setMaster("local[2]")
        .setAppName("promo-spark-check")
        .set("spark.ui.enabled", "false")
        .set("spark.ui.showConsoleProgress", "false")
        .set("spark.log.level", "ERROR")
    )
    started = time.monotonic()
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    print("spark %s, %s, Java %s: up in %.1fs" % (
        sc.version, sc.master, sc._jvm.java.lang.System.getProperty("java.version"),
        time.monotonic() - started))
    try:
        started = time.monotonic()
        run_recipe(sc, orders, priced)
        print("recipe ran in %.1fs" % (time.monotonic() - started))
        # The input partitions, as the recipe's textFile cut them (the same splits: the
        # same files, the same minPartitions).
        inputs = sc.textFile(orders).glom().collect()
        started = time.monotonic()
        reported = os.path.join(work, "reported")
        os.makedirs(reported, exist_ok=True)
        run_report_recipe(sc, orders, reported)
        print("report recipe ran in %.1fs: %d partition reports merged on the driver" % (
            time.monotonic() - started, len(inputs)))
    finally:
        sc.stop()
    status = compare_reports(work, reported)

    folder = os.path.join(work, "priced")
    parts = sorted(name for name in os.listdir(folder) if name.startswith("part-"))
    outputs = [read_lines(os.path.join(folder, name)) for name in parts]
    print("%d input partitions (lines, first order): %s; %d part files written" % (
        len(inputs),
        " ".join("%d@%s" % (len(part), json.loads(part[0])["id"] if part else "-") for part in inputs),
        len(parts)))
    return compare(reference, inputs, outputs) or status


def compare_reports(work, reported):
    """The merged report against one `promo report` process over the whole batch, byte for
    byte, as JSON and as the HTML page."""
    status = 0
    for form in ["json", "html"]:
        with open(os.path.join(work, "reference-report." + form)) as file:
            expected = file.read()
        with open(os.path.join(reported, "report." + form)) as file:
            actual = file.read()
        if actual == expected:
            print("report recipe, --format %s: the merged report is one process's, byte for byte: identical" % form)
        else:
            print("report recipe, --format %s: DIFFERENT from one process's" % form)
            print("  one process: " + expected[:300])
            print("  merged:      " + actual[:300])
            status = 1
    return status


def compare(reference, inputs, outputs):
    """What Spark guarantees: one output part per input partition, in partition order,
    and (as promo writes one result per order, in order) part i holds the results of
    partition i's orders in their order. Which file a partition comes from, and so the
    order of the parts over the whole data set, follows the input listing, which is not
    promised; so the results are compared keyed by order id, and the order is checked
    within each partition."""
    problems = []
    if len(outputs) != len(inputs):
        problems.append("%d input partitions but %d part files" % (len(inputs), len(outputs)))
    for index, (source, result) in enumerate(zip(inputs, outputs)):
        wanted = [json.loads(line)["id"] for line in source]
        got = [order_id(line) for line in result]
        if got != wanted:
            problems.append(
                "partition %d: %d orders in, %d results out, not one result per order in order"
                % (index, len(wanted), len(got))
            )
    expected = {}
    for line in reference:
        expected[order_id(line)] = line
    actual = {}
    duplicates = []
    for line in (line for part in outputs for line in part):
        key = order_id(line)
        if key in actual:
            duplicates.append(key)
        actual[key] = line
    missing = sorted(expected.keys() - actual.keys())
    extra = sorted(actual.keys() - expected.keys())
    different = sorted(key for key in expected.keys() & actual.keys() if expected[key] != actual[key])
    for label, keys in (("missing", missing), ("unexpected", extra), ("repeated", duplicates)):
        if keys:
            problems.append("%d results %s: %s" % (len(keys), label, " ".join(keys[:5])))
    if different:
        problems.append("%d results differ from one process's, such as:" % len(different))
        for key in different[:3]:
            problems.append("  one process: " + expected[key])
            problems.append("  spark:       " + actual[key])
    if problems:
        print("PySpark recipe: DIFFERENT from one process (%d results against %d)" % (
            len(actual), len(expected)))
        for problem in problems:
            print("  " + problem)
        return 1
    in_order = [line for part in outputs for line in part] == reference
    print("the part files, concatenated, are %s" % (
        "the one-process output line for line" if in_order
        else "the one-process output in another order (the partitions' order)"))
    print("PySpark recipe: %d results, keyed by order id and in order within each partition: identical"
          % len(reference))
    return 0


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "generate":
        generate(arguments[1], int(arguments[2]) if len(arguments) > 2 else 3000)
        return 0
    if len(arguments) == 2 and arguments[0] == "spark":
        return spark(arguments[1])
    if arguments == ["recipe"]:
        sys.stdout.write(recipe())
        return 0
    if arguments == ["report-recipe"]:
        sys.stdout.write(recipe("report recipe"))
        return 0
    sys.stderr.write(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
