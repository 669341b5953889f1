// CSV attendance import (spec 001 §2, §5, §8; DECISIONS §8): month, file, an analysis in the
// browser, an optional dry run, the upload with progress, then the result with unmatched names
// that can be mapped to employees and re-imported. The steps are the hook's
// (components/import/use-attendance-import.ts); the page lays out the cards.
import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { PATHS } from "@/lib/paths";
import { buttonVariants } from "@/components/ui";
import { FormatHelp } from "../components/import/FormatHelp";
import { ImportResultPanel } from "../components/import/ImportResultPanel";
import { NameMappingsCard } from "../components/import/NameMappingsCard";
import { UploadCard } from "../components/import/UploadCard";
import { useAttendanceImport } from "../components/import/use-attendance-import";

export default function AttendanceImportPage() {
  const imp = useAttendanceImport();
  return (
    <div className="space-y-5">
      <Link href={PATHS.hr} className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-2" })}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to HR Dashboard
      </Link>
      <div className="grid gap-5 lg:grid-cols-[1fr_340px]">
        <div className="space-y-5">
          <UploadCard imp={imp} />
          {imp.result ? <ImportResultPanel key={imp.resultKey} result={imp.result} onReimport={() => imp.start(false)} busy={imp.busy} /> : null}
        </div>
        <div className="space-y-5">
          <FormatHelp />
          <NameMappingsCard />
        </div>
      </div>
    </div>
  );
}
