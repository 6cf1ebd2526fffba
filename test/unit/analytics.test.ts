// summarizeStats(): SPEC §9's totals, revenue and average, and the per-category counts, from stats rows.
import { describe, expect, it } from "vitest";
import { type StatsInput, summarizeStats } from "../../server/domain/analytics.ts";

const row = (over: Partial<StatsInput>): StatsInput => ({
  visa_type: "tourist",
  destination_country: "United Kingdom",
  status: "submitted",
  payment_status: "pending",
  count: 1,
  avg_amount: 0,
  ...over,
});

describe("summarizeStats", () => {
  it("gives zeros for no rows (the page shows $0.00)", () => {
    expect(summarizeStats([])).toEqual({
      totalApplications: 0,
      totalRevenue: 0,
      averagePerApplication: 0,
      paidApplications: 0,
      averagePerPaidApplication: 0,
      funnel: { started: 0, submitted: 0, paid: 0, decided: 0 },
      byVisaType: [],
      byDestination: [],
      byStatus: [],
      byPaymentStatus: [],
    });
  });

  it("sums counts, revenue as avg_amount × count, and the average to the cent", () => {
    const s = summarizeStats([
      row({ count: 2, avg_amount: 75, payment_status: "paid" }), // one paid 150, one unpaid: avg 75
      row({ visa_type: "work", count: 1, avg_amount: 250, payment_status: "paid", status: "approved" }),
      row({ visa_type: "study", count: 3, avg_amount: 0 }),
    ]);
    expect(s.totalApplications).toBe(6);
    expect(s.totalRevenue).toBe(400);
    expect(s.averagePerApplication).toBe(66.67);
  });

  it("accepts PostgreSQL's numeric and bigint values as strings and keeps cents exact", () => {
    const s = summarizeStats([row({ count: "3", avg_amount: "33.3333333333333333" }), row({ count: "1", avg_amount: "0.10" })]);
    expect(s.totalApplications).toBe(4);
    expect(s.totalRevenue).toBe(100.1);
    expect(s.averagePerApplication).toBe(25.03);
  });

  it("counts per category, largest first, with shares; missing values count as their own group, last among ties", () => {
    const s = summarizeStats([
      row({ visa_type: null, destination_country: null, status: "draft", count: 2 }),
      row({ visa_type: "work", destination_country: "Canada", count: 2 }),
      row({ visa_type: "tourist", destination_country: "Canada", status: "approved", count: 4 }),
    ]);
    expect(s.byVisaType).toEqual([
      { key: "tourist", count: 4, share: 0.5 },
      { key: "work", count: 2, share: 0.25 },
      { key: null, count: 2, share: 0.25 },
    ]);
    expect(s.byDestination).toEqual([
      { key: "Canada", count: 6, share: 0.75 },
      { key: null, count: 2, share: 0.25 },
    ]);
    // In the order of the process, not by count.
    expect(s.byStatus.map((c) => [c.key, c.count])).toEqual([
      ["draft", 2],
      ["submitted", 2],
      ["approved", 4],
    ]);
    expect(s.byPaymentStatus).toEqual([{ key: "pending", count: 8, share: 1 }]);
  });

  it("merges destinations that differ only in case or spacing, shown as first written", () => {
    const s = summarizeStats([
      row({ destination_country: "United Kingdom ", count: 2 }),
      row({ destination_country: "united kingdom", count: 1 }),
      row({ destination_country: "  ", count: 1 }),
    ]);
    expect(s.byDestination).toEqual([
      { key: "United Kingdom", count: 3, share: 0.75 },
      { key: null, count: 1, share: 0.25 },
    ]);
  });
});

describe("summarizeStats destinations", () => {
  it("lists the top 10 destinations, then the rest as one 'Other' entry", () => {
    const rows = Array.from({ length: 14 }, (_, i) => row({ destination_country: `Country ${String(i).padStart(2, "0")}`, count: 20 - i }));
    const { byDestination } = summarizeStats(rows);
    expect(byDestination).toHaveLength(11);
    expect(byDestination.slice(0, 10).map((d) => d.key)).toEqual(Array.from({ length: 10 }, (_, i) => `Country ${String(i).padStart(2, "0")}`));
    const total = rows.reduce((sum, r) => sum + Number(r.count), 0);
    expect(byDestination[10]).toEqual({ key: "Other", count: 10 + 9 + 8 + 7, share: 34 / total });
  });

  it("has no 'Other' entry with ten destinations or fewer", () => {
    const rows = Array.from({ length: 10 }, (_, i) => row({ destination_country: `Country ${i}` }));
    expect(summarizeStats(rows).byDestination.map((d) => d.key)).not.toContain("Other");
  });
});
