// The demo's TDS (DECISIONS §12): a contractor, a firm of chartered accountants and a landlord, each
// naming its usual TDS nature, with bills below and above their thresholds taken through the real
// services, so the TDS is decided as it would be for anyone:
// - Kiran Facility Services (194C, 1 %: a proprietor's PAN): ₹18,000 and ₹24,000 deduct nothing;
//   ₹32,000 reaches ₹30,000 a bill (₹320); ₹35,000 takes the year to ₹1,09,000 ≥ ₹1,00,000: its ₹350
//   and the ₹180 + ₹240 not deducted on the first two = ₹770, waiting for payment;
// - Mehta & Associates (194J, 10 % on the fees, GST left out): ₹35,000 + GST deducts nothing; ₹40,000
//   + GST takes the year's fees to ₹75,000 ≥ ₹50,000: ₹4,000 + ₹3,500 = ₹7,500, approved and unpaid
//   ("Pay ₹39,700.00 (TDS ₹7,500.00 deducted under 194J)");
// - Nilesh Desai (194-I(b), 10 % from ₹50,000 a month): ₹45,000 of rent two months running deducts
//   nothing; this month's revised ₹55,000 deducts ₹5,500.
// The contractor's and the firm's bills are dated within the current financial year (April to March),
// so their yearly thresholds add up as described whatever day the demo is seeded.
import { eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { categories, tdsNatures } from "../db/schema";
import type { Actor, AppDeps } from "../context";
import { actingContext } from "../services/context";
import { createParty } from "../services/parties";
import { approveTransaction, completeTransaction, createTransaction, markPaymentDue, recordPayment, submitTransaction } from "../services/transactions/moves";
import { createTransactionSchema, type Transaction } from "../../shared/schemas/transactions";
import { partyBodySchema } from "../../shared/schemas/parties";
import { financialYear, formatRate } from "../../shared/tds";
import { formatRupees, toIsoDate } from "../../shared/format";
import { addDays, monthBounds, monthOfDate, previousMonth } from "../../shared/calendar";
import { DEMO_TDS_PARTIES } from "./data";

export type TdsDemoPeople = { accounts: Actor; approver: Actor };

type Outcome = "Paid" | "Completed" | "Approved" | "PaymentDue";

export async function seedTdsBills(
  deps: AppDeps,
  handle: DatabaseHandle,
  people: TdsDemoPeople,
  realNow: Date,
  tz: string,
  log: (l: string) => void,
): Promise<void> {
  const ctx = (a: Actor) => actingContext(deps, a);
  const natureNames = Object.values(DEMO_TDS_PARTIES).map((p) => p.nature);
  const natures = new Map(
    (await handle.db.select({ id: tdsNatures.id, name: tdsNatures.name }).from(tdsNatures).where(inArray(tdsNatures.name, natureNames))).map((n) => [
      n.name,
      n.id,
    ]),
  );
  const partyIds = new Map<string, string>();
  for (const [key, p] of Object.entries(DEMO_TDS_PARTIES)) {
    const { nature, ...fields } = p;
    const party = await createParty(ctx(people.accounts), partyBodySchema.parse({ ...fields, tdsNatureId: natures.get(nature) ?? null }));
    partyIds.set(key, party.id);
  }
  const [vendor] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Vendor Payment")).limit(1);
  const [office] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Office Expenses")).limit(1);

  const today = toIsoDate(realNow, tz);
  const fyStart = financialYear(today).from;
  // A day `days` before today, but within this financial year, so the year's thresholds add up.
  const thisYear = (days: number) => {
    const day = addDays(today, -days);
    return day < fyStart ? fyStart : day;
  };
  const month = monthOfDate(today);
  const firstOf = (m: string) => monthBounds(m).from;
  const stateCode = DEMO_TDS_PARTIES.professional.gstin.slice(0, 2);
  const fees = (taxable: string, invoiceNumber: string, invoiceDate: string) => ({
    invoiceNumber,
    invoiceDate,
    placeOfSupply: stateCode,
    reverseCharge: false,
    itcEligible: true,
    lines: [{ hsnSac: "998221", taxableValue: taxable, rate: 18 }],
  });

  const bills: {
    party: keyof typeof DEMO_TDS_PARTIES;
    category: string;
    date: string;
    amount: string;
    description: string;
    outcome: Outcome;
    gst?: ReturnType<typeof fees>;
  }[] = [
    {
      party: "contractor",
      category: vendor!.id,
      date: thisYear(75),
      amount: "18000.00",
      description: "Housekeeping and pantry staff, first fortnight",
      outcome: "Completed",
    },
    {
      party: "contractor",
      category: vendor!.id,
      date: thisYear(45),
      amount: "24000.00",
      description: "Housekeeping and pantry staff, deep cleaning of the warehouse",
      outcome: "Paid",
    },
    {
      party: "contractor",
      category: vendor!.id,
      date: thisYear(20),
      amount: "32000.00",
      description: "Housekeeping and security staff for the month",
      outcome: "Paid",
    },
    {
      party: "contractor",
      category: vendor!.id,
      date: thisYear(4),
      amount: "35000.00",
      description: "Housekeeping, security and gardening for the month",
      outcome: "PaymentDue",
    },
    {
      party: "professional",
      category: vendor!.id,
      date: thisYear(50),
      amount: "41300.00",
      description: "Tax audit fee, first instalment",
      outcome: "Completed",
      gst: fees("35000.00", "MA/26-27/112", thisYear(50)),
    },
    {
      party: "professional",
      category: vendor!.id,
      date: thisYear(6),
      amount: "47200.00",
      description: "GST annual return and reconciliation",
      outcome: "Approved",
      gst: fees("40000.00", "MA/26-27/139", thisYear(6)),
    },
    {
      party: "landlord",
      category: office!.id,
      date: firstOf(previousMonth(previousMonth(month))),
      amount: "45000.00",
      description: "Rent of the Surat office",
      outcome: "Paid",
    },
    {
      party: "landlord",
      category: office!.id,
      date: firstOf(previousMonth(month)),
      amount: "45000.00",
      description: "Rent of the Surat office",
      outcome: "Paid",
    },
    {
      party: "landlord",
      category: office!.id,
      date: firstOf(month),
      amount: "55000.00",
      description: "Rent of the Surat office (revised from this month)",
      outcome: "Paid",
    },
  ];
  // Oldest first, so each is decided after the bills before it, as they would have been.
  bills.sort((a, b) => a.date.localeCompare(b.date));

  for (const b of bills) {
    const body = createTransactionSchema.parse({
      formType: "B",
      categoryId: b.category,
      partyId: partyIds.get(b.party),
      amount: b.amount,
      transactionDate: b.date,
      description: `${b.description} (${DEMO_TDS_PARTIES[b.party].name})`,
      gst: b.gst ?? null,
    });
    let t: Transaction = await createTransaction(ctx(people.accounts), body);
    t = await submitTransaction(ctx(people.accounts), t.id);
    t = await approveTransaction(ctx(people.approver), t.id);
    if (b.outcome === "PaymentDue") t = await markPaymentDue(ctx(people.accounts), t.id, { dueDate: addDays(today, 7) });
    if (b.outcome === "Paid" || b.outcome === "Completed") {
      const paidDate = addDays(b.date, 5) < today ? addDays(b.date, 5) : today;
      t = await recordPayment(ctx(people.accounts), t.id, {
        action: "process",
        paymentMethod: "NEFT/RTGS",
        paymentReference: null,
        paymentNotes: null,
        paidDate,
      });
    }
    if (b.outcome === "Completed") t = await completeTransaction(ctx(people.accounts), t.id);
    const tds = t.tds;
    log(
      `TDS bill ${t.humanReadableId}: ${DEMO_TDS_PARTIES[b.party].name}, ${formatRupees(t.amount)}: ${tds && tds.amount !== "0.00" ? `TDS ${formatRupees(tds.amount)} under ${tds.legacySection} at ${formatRate(tds.rate)}` : "no TDS (below the threshold)"} (${t.status})`,
    );
  }
}
