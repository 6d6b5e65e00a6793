import { AggregatorRegistry, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registerDurationHistogram } from "./duration-histogram.server";

const BUCKETS = [0.005, 0.01, 0.25, 1];
const NAME = "test_duration_seconds";
const HELP = "How long a test took.";

type Labels = { route: string; method: string };
const PAGE: Labels = { route: "public-page", method: "GET" };
const ACTION: Labels = { route: "action", method: "POST" };

/** The same observations into prom-client's own Histogram and into ours, each in a registry. */
function bothWith(observations: [Labels, number][]) {
  const theirs = new Registry();
  const histogram = new Histogram<keyof Labels>({
    name: NAME,
    help: HELP,
    labelNames: ["route", "method"],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const ours = new Registry();
  const ourHistogram = registerDurationHistogram<Labels>({
    name: NAME,
    help: HELP,
    buckets: BUCKETS,
    registry: ours,
  });
  const series = new Map<Labels, (value: number) => void>();
  for (const [labels, value] of observations) {
    histogram.observe(labels, value);
    if (!series.has(labels)) series.set(labels, ourHistogram.seriesOf(labels));
    series.get(labels)!(value);
  }
  return { theirs, ours, histogram, ourHistogram, series };
}

const OBSERVATIONS: [Labels, number][] = [
  [PAGE, 0.00003],
  [PAGE, 0.005],
  [ACTION, 0.3],
  [PAGE, 0.0051],
  [ACTION, 7],
  [PAGE, 0.2],
  [ACTION, 0],
];

describe("the request-duration histogram", () => {
  it("shows Prometheus exactly what prom-client's Histogram shows", async () => {
    const { theirs, ours } = bothWith(OBSERVATIONS);
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    // What the comparison holds: cumulative buckets, +Inf, sum and count, per label set.
    expect(text).toContain(
      'test_duration_seconds_bucket{le="0.005",route="public-page",method="GET"} 2',
    );
    expect(text).toContain(
      'test_duration_seconds_bucket{le="0.25",route="public-page",method="GET"} 4',
    );
    expect(text).toContain('test_duration_seconds_bucket{le="1",route="action",method="POST"} 2');
    expect(text).toContain(
      'test_duration_seconds_bucket{le="+Inf",route="action",method="POST"} 3',
    );
    expect(text).toContain('test_duration_seconds_count{route="action",method="POST"} 3');
    expect(text).toContain('test_duration_seconds_sum{route="action",method="POST"} 7.3');
  });

  it("adds up across workers as prom-client's does", async () => {
    const first = bothWith(OBSERVATIONS);
    const second = bothWith(OBSERVATIONS.slice(2));
    const theirs = AggregatorRegistry.aggregate([
      await first.theirs.getMetricsAsJSON(),
      await second.theirs.getMetricsAsJSON(),
    ]);
    const ours = AggregatorRegistry.aggregate([
      await first.ours.getMetricsAsJSON(),
      await second.ours.getMetricsAsJSON(),
    ]);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain(
      'test_duration_seconds_count{route="public-page",method="GET"} 6',
    );
  });

  it("forgets every series on a reset, and shows one again from its next observation", async () => {
    const { theirs, ours, histogram, series } = bothWith(OBSERVATIONS);
    theirs.resetMetrics();
    ours.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).not.toContain("_count");
    histogram.observe(ACTION, 0.02);
    series.get(ACTION)!(0.02);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain(
      'test_duration_seconds_count{route="action",method="POST"} 1',
    );
  });

  it("shows no series before its first observation", async () => {
    const { theirs, ours, ourHistogram } = bothWith([]);
    ourHistogram.seriesOf(PAGE);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).not.toContain("_count");
  });
});
