// The demo's GST bills (DECISIONS §12): one from a supplier in the company's own state (CGST + SGST),
// one from another state (IGST), and one under reverse charge, each from a registered party of the
// demo (data.ts DEMO_PARTIES) and taken through the real services to Paid, Completed or Approved,
// with invoice dates in the current month so the GST Summary opens on them.
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { categories, parties, settings } from "../db/schema";
import type { Actor, AppDeps } from "../context";
import { actingContext } from "../services/context";
import { getCompany } from "../services/company";
import { approveTransaction, completeTransaction, createTransaction, recordPayment, submitTransaction } from "../services/transactions/moves";
import { createTransactionSchema } from "../../shared/schemas/transactions";
import { toIsoDate } from "../../shared/format";
import { addDays, maxDate } from "../../shared/calendar";
import { COMPANY, COMPANY_GSTIN, DEMO_PARTIES } from "./data";

type DemoParty = (typeof DEMO_PARTIES)[number];

const partyNamed = (name: string): DemoParty => DEMO_PARTIES.find((p) => p.name === name)!;

/** The parties of the demo (seeded with the company, server/demo/seed.ts), made here only if absent. */
async function partyOf(handle: DatabaseHandle, p: DemoParty): Promise<string> {
  const [found] = await handle.db
    .select({ id: parties.id })
    .from(parties)
    .where(sql`lower(${parties.name}) = lower(${p.name})`)
    .limit(1);
  if (found) return found.id;
  const gstin = p.gstin ?? null;
  const [row] = await handle.db
    .insert(parties)
    .values({
      name: p.name,
      gstin,
      pan: gstin ? gstin.slice(2, 12) : null,
      stateCode: gstin ? gstin.slice(0, 2) : (p.stateCode ?? null),
      email: p.email ?? null,
      phone: p.phone ?? null,
    })
    .returning({ id: parties.id });
  return row!.id;
}

export type GstDemoPeople = { accounts: Actor; approver: Actor; approver2: Actor; admin: Actor };

export async function seedGstBills(
  deps: AppDeps,
  handle: DatabaseHandle,
  people: GstDemoPeople,
  realNow: Date,
  tz: string,
  log: (l: string) => void,
): Promise<void> {
  const company = await getCompany(handle.db);
  if (!company.stateCode) {
    const value = { legalName: company.legalName || COMPANY, gstin: COMPANY_GSTIN, stateCode: COMPANY_GSTIN.slice(0, 2) };
    await handle.db.insert(settings).values({ key: "company", value, updatedBy: people.admin.id }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
  const stateCode = (await getCompany(handle.db)).stateCode!;
  const [vendor] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Vendor Payment")).limit(1);
  const today = toIsoDate(realNow, tz);
  const monthStart = `${today.slice(0, 8)}01`;
  const ctx = (a: Actor) => actingContext(deps, a);

  const bills = [
    {
      // In the company's state: CGST + SGST.
      party: partyNamed("Surat Yarn Traders"),
      status: "Paid" as const,
      description: "Polyester filament yarn and cartons for the November dispatches",
      // Taxable 8,950.00; tax 12% of 6,550.00 = 786.00 and 18% of 2,400.00 = 432.00, each half CGST, half SGST: 10,168.00.
      amount: "10168.00",
      gst: {
        invoiceNumber: "SYT/25-26/0417",
        placeOfSupply: stateCode,
        reverseCharge: false,
        itcEligible: true,
        lines: [
          { hsnSac: "5402", taxableValue: "6550.00", rate: 12 },
          { hsnSac: "4819", taxableValue: "2400.00", rate: 18 },
        ],
      },
    },
    {
      // From Karnataka: IGST.
      party: partyNamed("Kaveri Office Supplies Pvt. Ltd."),
      status: "Completed" as const,
      description: "Office chairs and filing cabinets for the Surat office",
      // 18% IGST on 14,237.29 = 2,562.71; invoice total 16,800.00.
      amount: "16800.00",
      gst: {
        invoiceNumber: "KOS-INV-88213",
        placeOfSupply: "29",
        reverseCharge: false,
        itcEligible: true,
        lines: [{ hsnSac: "9403", taxableValue: "14237.29", rate: 18 }],
      },
    },
    {
      // A goods transport agency: the company pays the GST itself (reverse charge), at its own place of supply.
      party: partyNamed("Yamuna Logistics Pvt. Ltd."),
      status: "Approved" as const,
      description: "Road freight Delhi to Surat, goods transport agency (GST under reverse charge)",
      // Reverse charge: the transporter is paid the freight; the company pays 5% GST (₹1,025.00) itself.
      amount: "20500.00",
      gst: {
        invoiceNumber: "YL/GTA/1187",
        placeOfSupply: stateCode,
        reverseCharge: true,
        itcEligible: true,
        lines: [{ hsnSac: "996511", taxableValue: "20500.00", rate: 5 }],
      },
    },
  ];

  for (const [i, b] of bills.entries()) {
    const partyId = await partyOf(handle, b.party);
    const invoiceDate = maxDate(addDays(today, -(3 - i)), monthStart);
    const gst = { ...b.gst, invoiceDate };
    let t = await createTransaction(
      ctx(people.accounts),
      createTransactionSchema.parse({
        formType: "B",
        categoryId: vendor!.id,
        partyId,
        amount: b.amount,
        transactionDate: invoiceDate,
        description: b.description,
        gst,
      }),
    );
    t = await submitTransaction(ctx(people.accounts), t.id);
    for (const approver of [people.approver, people.approver2, people.admin]) {
      if (t.status !== "Pending") break;
      t = await approveTransaction(ctx(approver), t.id);
    }
    if (b.status === "Paid" || b.status === "Completed") {
      t = await recordPayment(ctx(people.accounts), t.id, {
        action: "process",
        paymentMethod: "NEFT/RTGS",
        paymentReference: `UTR HDFCN2611${4471 + i}`,
        paymentNotes: null,
        paidDate: null,
      });
    }
    if (b.status === "Completed") t = await completeTransaction(ctx(people.accounts), t.id);
    log(
      `GST bill ${t.humanReadableId}: ${b.party.name}, ${t.gst?.supply === "intra" ? "CGST + SGST" : "IGST"}${b.gst.reverseCharge ? ", reverse charge" : ""} (${t.status})`,
    );
  }
}
