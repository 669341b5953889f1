// The demo company: who works there, whom it pays, and what it spends on. Plain data, so the seed
// (seed.ts) reads as a story and this file can be edited without touching the logic.
import type { Role, Weekday } from "../../shared/constants";
import type { CustomFieldDefinition } from "../../shared/schemas/categories";

export const COMPANY = "Sharma Textiles Pvt. Ltd.";
/** The company's GST registration (DECISIONS §12): Surat, Gujarat (state 24). */
export const COMPANY_GSTIN = "24AAACC1206D1ZM";

/**
 * The demo's parties (DECISIONS §12): registered vendors in Gujarat (intra-state GST) and in other
 * states (inter-state), and one small unregistered supplier. The GSTINs carry valid check characters.
 */
export const DEMO_PARTIES: readonly { name: string; gstin?: string; stateCode?: string; email?: string; phone?: string }[] = [
  { name: "Surat Yarn Traders", gstin: "24AAKFS4231M1Z0", email: "accounts@suratyarn.example", phone: "+91 261 240 1188" },
  { name: "Shakti Power Systems", gstin: "27AAPFU0939F1ZV", email: "billing@shaktipower.example", phone: "+91 22 4960 2200" },
  { name: "Kaveri Office Supplies Pvt. Ltd.", gstin: "29AAGCB7383J1Z4", email: "orders@kaverioffice.example" },
  { name: "Yamuna Logistics Pvt. Ltd.", gstin: "07AAACR5055K1Z9", phone: "+91 11 4105 7700" },
  { name: "Ramesh Tea Stall", stateCode: "24", phone: "+91 98250 31427" },
];

/**
 * The demo's parties TDS is deducted from (DECISIONS §12), each with its usual TDS nature (by name,
 * as the migration seeds them): a housekeeping contractor run by its proprietor (a PAN of an
 * individual: 1 %), a firm of chartered accountants (10 % on fees), and the landlord of the Surat
 * office (10 % on rent from ₹50,000 a month). server/demo/tds-bills.ts gives each bills above and below
 * their thresholds.
 */
export const DEMO_TDS_PARTIES = {
  contractor: { name: "Kiran Facility Services", pan: "BQKPK7261M", stateCode: "24", phone: "+91 98980 44120", nature: "Contractors" },
  professional: { name: "Mehta & Associates", gstin: "24AAGFM4417R1ZW", email: "audit@mehtaassociates.example", nature: "Professional fees" },
  landlord: { name: "Nilesh Desai", pan: "AEUPD3318K", stateCode: "24", phone: "+91 99250 61874", nature: "Rent of land or building" },
} as const;

export type DemoUser = { key: DemoUserKey; username: string; password: string; role: Role; name: string; email: string };
export type DemoUserKey = "admin" | "accounts" | "approver" | "approver2" | "hrAdmin" | "hrStaff";

/** One user per role (and a second Approver: Salary needs two). Documented in the README. */
export const DEMO_PASSWORD = "Demo@1234";
export const DEMO_USERS: readonly DemoUser[] = [
  { key: "admin", username: "admin.demo", password: DEMO_PASSWORD, role: "SuperAdmin", name: "Rajesh Sharma", email: "rajesh@sharma-textiles.example" },
  { key: "accounts", username: "accounts.demo", password: DEMO_PASSWORD, role: "Accountant", name: "Priya Nair", email: "priya@sharma-textiles.example" },
  { key: "approver", username: "approver.demo", password: DEMO_PASSWORD, role: "Approver", name: "Vikram Mehta", email: "vikram@sharma-textiles.example" },
  { key: "approver2", username: "approver2.demo", password: DEMO_PASSWORD, role: "Approver", name: "Anita Desai", email: "anita@sharma-textiles.example" },
  { key: "hrAdmin", username: "hr.admin.demo", password: DEMO_PASSWORD, role: "HR Admin", name: "Kavita Iyer", email: "kavita@sharma-textiles.example" },
  { key: "hrStaff", username: "hr.staff.demo", password: DEMO_PASSWORD, role: "HR Staff", name: "Arjun Reddy", email: "arjun@sharma-textiles.example" },
];
/**
 * DECISIONS §15: three employees with their own logins (role Employee, the demo password, already
 * their own: not one-time). The first has a pending leave request, the second a pending day fix.
 */
export const DEMO_EMPLOYEE_LOGINS: readonly { username: string; employee: string }[] = [
  { username: "emp.demo", employee: "Swati Deshpande" },
  { username: "emp2.demo", employee: "Ganesh Shinde" },
  { username: "emp3.demo", employee: "Anjali Mishra" },
];

/**
 * The PIN of each default emergency approver code (DECISIONS §10), set by the seed; documented in
 * the README next to the demo users. Open an emergency link, pick a code, type its PIN.
 */
export const DEMO_EMERGENCY_PINS: Readonly<Record<string, string>> = { AK: "246810", RS: "135791", VM: "975312" };
/** Demo users see three months of transactions (the default window of 30 days would hide most of the demo). */
export const DEMO_VISIBILITY_WINDOW_DAYS = 120;

// ---------------------------------------------------------------- designed categories

export const DESIGNED_CATEGORIES: readonly { name: string; description: string; fieldSchema: Partial<CustomFieldDefinition>[] }[] = [
  {
    name: "Marketing Events",
    description: "Trade fairs, dealer meets and exhibitions",
    fieldSchema: [
      { label: "Event Name", type: "text", required: true, placeholder: "e.g. India International Textile Fair" },
      { label: "City", type: "select", required: true, options: ["Mumbai", "Delhi", "Bengaluru", "Chennai"] },
      { label: "Attendees", type: "number", required: false },
    ],
  },
  {
    name: "IT Equipment",
    description: "Laptops, printers, networking and other IT assets",
    fieldSchema: [
      { label: "Vendor", type: "text", required: true },
      { label: "Asset Tag", type: "text", required: false, placeholder: "STX-IT-0000" },
      { label: "Warranty Months", type: "number", required: false },
      { label: "Invoice Date", type: "date", required: false },
    ],
  },
];

// ---------------------------------------------------------------- what the company spends on

export type SpendTemplate = {
  category: string;
  min: number;
  max: number;
  /** Rounds the amount to this many rupees (1 keeps paise off; 0.01 keeps paise). */
  step: number;
  descriptions: readonly string[];
  weight: number;
};

export const SPEND: readonly SpendTemplate[] = [
  {
    category: "Vendor Payment",
    min: 15_000,
    max: 450_000,
    step: 1,
    weight: 22,
    descriptions: [
      "Cotton yarn 40s count – Vardhman Textiles, Ludhiana",
      "Polyester yarn – Reliance Industries, Surat depot",
      "Dyes and chemicals – Atul Ltd., Valsad",
      "Grey fabric purchase – Arvind Mills, Ahmedabad",
      "Packaging cartons – Shree Packers, Bhiwandi",
      "Machine spares (loom shuttles) – Lakshmi Machine Works, Coimbatore",
      "Job-work printing charges – Balotra Prints, Rajasthan",
      "Transport of finished goods – VRL Logistics, Hubballi",
      "Thread and accessories – Coats India, Thane",
    ],
  },
  {
    category: "Office Expenses",
    min: 450,
    max: 25_000,
    step: 0.01,
    weight: 18,
    descriptions: [
      "Stationery and printer paper – Sai Office Supplies, Andheri",
      "Pantry supplies – D-Mart, Lower Parel",
      "Courier charges – Blue Dart, October invoices",
      "Housekeeping services – Om Sai Facility Services",
      "Printer toner cartridges – Vijay Sales, Dadar",
      "Water cans – Bisleri distributor, Kurla",
      "Office pest control – Hicare Services",
      "Repair of conference room AC – Cool Care Engineers",
    ],
  },
  {
    category: "Travel",
    min: 1_200,
    max: 45_000,
    step: 1,
    weight: 16,
    descriptions: [
      "Flight Mumbai–Delhi for buyer meeting – IndiGo",
      "Train fare Mumbai–Surat, visit to Reliance Textiles",
      "Hotel stay in Tiruppur, 3 nights – vendor audit",
      "Cab charges for Bhiwandi factory visits – Uber for Business",
      "Flight Mumbai–Bengaluru for Myntra vendor review – Air India",
      "Hotel stay in Ludhiana, 2 nights – yarn sourcing",
      "Train fare Mumbai–Ahmedabad, Arvind Mills visit",
    ],
  },
  {
    category: "Utilities",
    min: 2_000,
    max: 85_000,
    step: 1,
    weight: 10,
    descriptions: [
      "Electricity bill – MSEDCL, Bhiwandi factory",
      "Electricity bill – Adani Electricity, head office",
      "Water charges – Bhiwandi Nizampur Municipal Corporation",
      "Internet leased line – Tata Tele Business Services",
      "Mobile bills – Airtel corporate plan",
      "Piped gas – Mahanagar Gas, canteen",
    ],
  },
  {
    category: "Salary",
    min: 150_000,
    max: 450_000,
    step: 1,
    weight: 7,
    descriptions: [
      "Salary – Production floor staff",
      "Salary – Sales team",
      "Salary – Finance and HR staff",
      "Salary – Operations and warehouse staff",
      "Overtime and shift allowance – Production",
    ],
  },
  {
    category: "Advance",
    min: 5_000,
    max: 50_000,
    step: 500,
    weight: 6,
    descriptions: [
      "Salary advance – Ramesh Kumar (Production)",
      "Travel advance – Sunil Patil (Sales), Delhi trip",
      "Festival advance – Lakshmi Devi (Production)",
      "Medical advance – Sanjay Yadav (Operations)",
      "Salary advance – Farhan Sheikh (Sales)",
    ],
  },
  {
    category: "Miscellaneous",
    min: 450,
    max: 15_000,
    step: 1,
    weight: 6,
    descriptions: [
      "Diwali puja and sweets – head office",
      "Staff birthday celebration – Haldiram's",
      "Notary and stamp paper charges",
      "Donation to Bhiwandi fire brigade welfare fund",
      "Newspaper and magazine subscriptions",
    ],
  },
  {
    category: "Marketing Events",
    min: 25_000,
    max: 300_000,
    step: 1,
    weight: 7,
    descriptions: ["Stall booking and design", "Dealer meet – venue and catering", "Product catalogue printing for the fair", "Exhibition stall fabrication"],
  },
  {
    category: "IT Equipment",
    min: 18_000,
    max: 180_000,
    step: 1,
    weight: 8,
    descriptions: [
      "Laptops for the sales team (Dell Latitude)",
      "Network switch and Wi-Fi access points for the factory",
      "Barcode printers for the warehouse",
      "Tally Prime licence renewal and server",
      "CCTV NVR and cameras for Bhiwandi gate",
    ],
  },
];

export const MARKETING_EVENTS = [
  { event_name: "India International Textile Fair", city: "Delhi" },
  { event_name: "Mumbai Fabric Expo", city: "Mumbai" },
  { event_name: "South India Garment Fair", city: "Chennai" },
  { event_name: "Bengaluru Retailers Meet", city: "Bengaluru" },
  { event_name: "Dealer Meet – Western Region", city: "Mumbai" },
] as const;

export const IT_VENDORS = ["Dell Technologies", "Redington India", "Ingram Micro India", "Vijay Sales Business", "Rashi Peripherals"] as const;

export const REJECTION_REASONS = [
  "Invoice copy missing; please attach the GST invoice",
  "Amount does not match the purchase order",
  "Please split this into separate bills per vendor",
  "Not budgeted this quarter; resubmit with justification",
  "Duplicate of an earlier request; please check",
];

// ---------------------------------------------------------------- people (HR)

export const DEPARTMENTS = ["Finance", "Operations", "Sales", "Production", "HR"] as const;
export type DemoDepartment = (typeof DEPARTMENTS)[number];

export type DemoEmployee = {
  name: string;
  code: string;
  department: DemoDepartment;
  salary: number;
  weeklyOff: Weekday;
  joiningDate: string;
  location: string;
  /** How the punch machine spells the name, when it differs. */
  punchName?: string;
};

const ROSTER: readonly [string, DemoDepartment, number, Weekday, string, string][] = [
  ["Suresh Agarwal", "Finance", 95_000, "Sunday", "2016-04-11", "Head Office, Lower Parel"],
  ["Meena Krishnan", "Finance", 62_000, "Sunday", "2019-07-01", "Head Office, Lower Parel"],
  ["Rohit Jain", "Finance", 45_000, "Sunday", "2021-02-15", "Head Office, Lower Parel"],
  ["Deepa Menon", "Finance", 38_000, "Sunday", "2023-06-05", "Head Office, Lower Parel"],
  ["Nikhil Joshi", "Finance", 28_000, "Sunday", "2024-09-16", "Head Office, Lower Parel"],
  ["Anil Kulkarni", "Operations", 120_000, "Sunday", "2012-01-09", "Bhiwandi Factory"],
  ["Sanjay Yadav", "Operations", 42_000, "Sunday", "2018-03-19", "Bhiwandi Warehouse"],
  ["Pooja Shetty", "Operations", 36_000, "Saturday", "2020-11-02", "Bhiwandi Warehouse"],
  ["Manoj Tiwari", "Operations", 26_000, "Sunday", "2022-05-23", "Bhiwandi Warehouse"],
  ["Rekha Pillai", "Operations", 31_000, "Sunday", "2021-08-30", "Bhiwandi Factory"],
  ["Mohammed Irfan", "Operations", 24_000, "Friday", "2023-01-16", "Bhiwandi Warehouse"],
  ["Gaurav Malhotra", "Operations", 22_000, "Sunday", "2025-02-03", "Bhiwandi Warehouse"],
  ["Sunil Patil", "Sales", 85_000, "Sunday", "2015-06-22", "Head Office, Lower Parel"],
  ["Neha Gupta", "Sales", 58_000, "Sunday", "2019-01-07", "Delhi Branch, Karol Bagh"],
  ["Farhan Sheikh", "Sales", 41_000, "Sunday", "2020-08-17", "Head Office, Lower Parel"],
  ["Divya Rao", "Sales", 39_000, "Sunday", "2022-10-10", "Bengaluru Branch, Jayanagar"],
  ["Karan Singh", "Sales", 35_000, "Saturday", "2023-04-03", "Delhi Branch, Karol Bagh"],
  ["Swati Deshpande", "Sales", 33_000, "Sunday", "2024-01-08", "Head Office, Lower Parel"],
  ["Aditya Bansal", "Sales", 30_000, "Sunday", "2025-07-14", "Head Office, Lower Parel"],
  ["Ramesh Kumar", "Production", 32_000, "Sunday", "2014-09-01", "Bhiwandi Factory"],
  ["Lakshmi Devi", "Production", 21_000, "Monday", "2017-02-13", "Bhiwandi Factory"],
  ["Bhavesh Patel", "Production", 55_000, "Sunday", "2013-11-25", "Bhiwandi Factory"],
  ["Shankar Gowda", "Production", 24_000, "Tuesday", "2018-12-03", "Bhiwandi Factory"],
  ["Sunita Chauhan", "Production", 19_500, "Sunday", "2019-05-20", "Bhiwandi Factory"],
  ["Raju Verma", "Production", 18_000, "Wednesday", "2021-03-08", "Bhiwandi Factory"],
  ["Ganesh Shinde", "Production", 23_000, "Sunday", "2016-07-18", "Bhiwandi Factory"],
  ["Imran Khan", "Production", 22_500, "Thursday", "2020-01-27", "Bhiwandi Factory"],
  ["Parvati Naik", "Production", 18_500, "Sunday", "2022-06-13", "Bhiwandi Factory"],
  ["Venkatesh Murthy", "Production", 27_000, "Monday", "2017-10-09", "Bhiwandi Factory"],
  ["Kishore Das", "Production", 20_000, "Sunday", "2023-08-21", "Bhiwandi Factory"],
  ["Asha Bhosale", "Production", 19_000, "Sunday", "2024-02-12", "Bhiwandi Factory"],
  ["Dinesh Rathod", "Production", 21_500, "Tuesday", "2019-09-30", "Bhiwandi Factory"],
  ["Prakash Jadhav", "Production", 26_000, "Sunday", "2015-12-14", "Bhiwandi Factory"],
  ["Salma Begum", "Production", 18_000, "Friday", "2025-01-06", "Bhiwandi Factory"],
  ["Rahul Chavan", "Production", 20_500, "Sunday", "2025-09-01", "Bhiwandi Factory"],
  ["Nandini Reddy", "HR", 78_000, "Sunday", "2017-03-06", "Head Office, Lower Parel"],
  ["Sneha Kapoor", "HR", 46_000, "Sunday", "2020-07-13", "Head Office, Lower Parel"],
  ["Vivek Saxena", "HR", 34_000, "Sunday", "2022-02-21", "Head Office, Lower Parel"],
  ["Anjali Mishra", "HR", 29_000, "Sunday", "2023-11-06", "Head Office, Lower Parel"],
  ["Tarun Bhatt", "HR", 25_000, "Sunday", "2024-12-02", "Head Office, Lower Parel"],
];

const CODE_PREFIX: Record<DemoDepartment, string> = { Finance: "FIN", Operations: "OPS", Sales: "SAL", Production: "PRD", HR: "HR" };

export const DEMO_EMPLOYEES: readonly DemoEmployee[] = (() => {
  const serial: Partial<Record<DemoDepartment, number>> = {};
  return ROSTER.map(([name, department, salary, weeklyOff, joiningDate, location]) => {
    serial[department] = (serial[department] ?? 0) + 1;
    return {
      name,
      code: `STX-${CODE_PREFIX[department]}-${String(serial[department]).padStart(3, "0")}`,
      department,
      salary,
      weeklyOff,
      joiningDate,
      location,
      ...(name === "Mohammed Irfan" ? { punchName: "Mohd. Irfan" } : {}),
    };
  });
})();

/** Holidays the company observes (those falling in the imported months go into the attendance policy). */
export const COMPANY_HOLIDAYS: readonly { date: string; name: string }[] = [
  { date: "2025-10-02", name: "Gandhi Jayanti" },
  { date: "2025-10-21", name: "Diwali (Lakshmi Puja)" },
  { date: "2025-10-22", name: "Diwali (Balipratipada)" },
  { date: "2025-12-25", name: "Christmas" },
  { date: "2026-01-26", name: "Republic Day" },
  { date: "2026-03-04", name: "Holi" },
  { date: "2026-05-01", name: "Maharashtra Day" },
  { date: "2026-08-15", name: "Independence Day" },
  { date: "2026-09-14", name: "Ganesh Chaturthi" },
  { date: "2026-10-02", name: "Gandhi Jayanti" },
  { date: "2026-10-20", name: "Dussehra" },
  { date: "2026-11-09", name: "Diwali (Balipratipada)" },
  { date: "2026-12-25", name: "Christmas" },
  { date: "2027-01-26", name: "Republic Day" },
  { date: "2027-03-22", name: "Holi" },
  { date: "2027-05-01", name: "Maharashtra Day" },
  { date: "2027-08-15", name: "Independence Day" },
  { date: "2027-10-02", name: "Gandhi Jayanti" },
  { date: "2027-10-29", name: "Diwali (Lakshmi Puja)" },
  { date: "2027-12-25", name: "Christmas" },
];
