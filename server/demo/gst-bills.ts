// The demo's GST bills (DECISIONS §12): one from a supplier in the company's own state (CGST + SGST),
// one from another state (IGST), and one under reverse charge, each from a party with a valid GSTIN
// and taken through the real services to Paid, Completed or Approved, with invoice dates in the
// current month so the GST Summary opens on them.
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { categories, parties, settings } from "../db/schema";
import type { Actor, AppDeps } from "../context";
import { actingContext } from "../services/context";
import { getCompany } from "../services/company";
import { approveTransaction, completeTransaction, createTransaction, recordPayment, submitTransaction } from "../services/transactions/moves";
import { createTransactionSchema } from "../../shared/schemas/transactions";
import { gstinCheckCharacter } from "../../shared/gstin";
import { toIsoDate } from "../../shared/format";
import { COMPANY } from "./data";

/** The company's state when the demo sets it: Surat, Gujarat. */
const COMPANY_STATE = "24";

/** A GSTIN with its true check character: state code, PAN, entity number 1, Z. */
export function demoGstin(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

type DemoParty = { name: string; stateCode: string; pan: string; email: string };

const SUPPLIERS = {
  local: { name: "Patel Packaging Industries", stateCode: "24", pan: "AAKFP4821M", email: "accounts@patelpackaging.example" },
  outOfState: { name: "Nimbus Cloud Services", stateCode: "29", pan: "AADCN7314Q", email: "billing@nimbuscloud.example" },
  transport: { name: "Shree Ganesh Roadways", stateCode: "27", pan: "ABQFS2207K", email: "office@ganeshroadways.example" },
} satisfies Record<string, DemoParty>;

async function partyOf(handle: DatabaseHandle, p: DemoParty): Promise<string> {
  const [found] = await handle.db.select({ id: parties.id }).from(parties).where(sql`lower(${parties.name}) = lower(${p.name})`).limit(1);
  if (found) return found.id;
  const [row] = await handle.db
    .insert(parties)
    .values({ name: p.name, gstin: demoGstin(p.stateCode, p.pan), pan: p.pan, stateCode: p.stateCode, email: p.email })
    .returning({ id: parties.id });
  return row!.id;
}

export type GstDemoPeople = { accounts: Actor; approver: Actor; approver2: Actor; admin: Actor };

export async function seedGstBills(deps: AppDeps, handle: DatabaseHandle, people: GstDemoPeople, realNow: Date, tz: string, log: (l: string) => void): Promise<void> {
  const company = await getCompany(handle.db);
  if (!company.stateCode) {
    const value = { legalName: company.legalName || COMPANY, gstin: demoGstin(COMPANY_STATE, "AAHCS5519R"), stateCode: COMPANY_STATE };
    await handle.db.insert(settings).values({ key: "company", value, updatedBy: people.admin.id }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
  const stateCode = (await getCompany(handle.db)).stateCode!;
  const [vendor] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Vendor Payment")).limit(1);
  const today = toIsoDate(realNow, tz);
  const monthStart = `${today.slice(0, 8)}01`;
  const ctx = (a: Actor) => actingContext(deps, a);

  const bills = [
    {
      party: SUPPLIERS.local,
      status: "Paid" as const,
      description: "Corrugated boxes and stretch film for the November dispatches",
      // Taxable 8,950.00; tax 18% of 6,550.00 = 1,179.00 and 12% of 2,400.00 = 288.00, each half CGST, half SGST: 10,417.00.
      amount: "10417.00",
      gst: { invoiceNumber: "PPI/25-26/0417", placeOfSupply: stateCode, reverseCharge: false, itcEligible: true, lines: [{ hsnSac: "4819", taxableValue: "6550.00", rate: 18 }, { hsnSac: "3920", taxableValue: "2400.00", rate: 12 }] },
    },
    {
      party: SUPPLIERS.outOfState,
      status: "Completed" as const,
      description: "Cloud hosting and backups, monthly subscription",
      // 18% IGST on 14,237.29 = 2,562.71; invoice total 16,800.00.
      amount: "16800.00",
      gst: { invoiceNumber: "NCS-INV-88213", placeOfSupply: SUPPLIERS.outOfState.stateCode, reverseCharge: false, itcEligible: true, lines: [{ hsnSac: "998315", taxableValue: "14237.29", rate: 18 }] },
    },
    {
      party: SUPPLIERS.transport,
      status: "Approved" as const,
      description: "Road freight Surat to Bhiwandi, goods transport agency (GST under reverse charge)",
      // Reverse charge: the transporter is paid the freight; the company pays 5% GST (₹1,025.00) itself.
      amount: "20500.00",
      gst: { invoiceNumber: "SGR/1187", placeOfSupply: stateCode, reverseCharge: true, itcEligible: true, lines: [{ hsnSac: "996511", taxableValue: "20500.00", rate: 5 }] },
    },
  ];

  for (const [i, b] of bills.entries()) {
    const partyId = await partyOf(handle, b.party);
    const invoiceDate = addDaysWithin(today, -(3 - i), monthStart);
    const gst = { ...b.gst, invoiceDate };
    let t = await createTransaction(
      ctx(people.accounts),
      createTransactionSchema.parse({ formType: "B", categoryId: vendor!.id, partyId, amount: b.amount, transactionDate: invoiceDate, description: b.description, gst }),
    );
    t = await submitTransaction(ctx(people.accounts), t.id);
    for (const approver of [people.approver, people.approver2, people.admin]) {
      if (t.status !== "Pending") break;
      t = await approveTransaction(ctx(approver), t.id);
    }
    if (b.status === "Paid" || b.status === "Completed") {
      t = await recordPayment(ctx(people.accounts), t.id, { action: "process", paymentMethod: "NEFT/RTGS", paymentReference: `UTR HDFCN2611${4471 + i}`, paymentNotes: null, paidDate: null });
    }
    if (b.status === "Completed") t = await completeTransaction(ctx(people.accounts), t.id);
    log(`GST bill ${t.humanReadableId}: ${b.party.name}, ${t.gst?.supply === "intra" ? "CGST + SGST" : "IGST"}${b.gst.reverseCharge ? ", reverse charge" : ""} (${t.status})`);
  }
}

/** `day` moved by `by` days, but not before `floor` (all YYYY-MM-DD). */
function addDaysWithin(day: string, by: number, floor: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  const moved = d.toISOString().slice(0, 10);
  return moved < floor ? floor : moved;
}
