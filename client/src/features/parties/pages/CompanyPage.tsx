// The company (DECISIONS §12, SuperAdmin): its legal name, GSTIN and state. The state decides
// whether a bill's GST is CGST and SGST or IGST; the legal name is the company export files name.
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Building, Save } from "lucide-react";
import { GST_STATES } from "@shared/gst-states";
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CenteredSpinner, Field, Input, Select } from "@/components/ui";
import { toast } from "@/hooks/use-toast";
import { errorIssues, errorMessage } from "@/lib/api";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { useCompany, useSaveCompany } from "../api";
import { GstinHint, readGstin } from "../components/GstinHint";

type Values = { legalName: string; gstin: string; stateCode: string };

const resolver = lazyZodResolver<Values>(() => import("@shared/schemas/parties").then((m) => m.companyBodySchema));
const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` }));

export default function CompanyPage() {
  const company = useCompany();
  const save = useSaveCompany();
  const form = useForm<Values>({ resolver, defaultValues: { legalName: "", gstin: "", stateCode: "" } });
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (company.data) reset({ legalName: company.data.legalName, gstin: company.data.gstin ?? "", stateCode: company.data.stateCode ?? "" });
  }, [company.data, reset]);

  const gstin = readGstin(watch("gstin") ?? "");
  const derived = gstin.state === "valid";
  const derivedState = gstin.state === "valid" ? gstin.stateCode : "";
  useEffect(() => {
    if (derivedState) setValue("stateCode", derivedState);
  }, [derivedState, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ legalName: values.legalName, gstin: values.gstin, stateCode: derived ? "" : values.stateCode });
      toast({ title: "Company Saved", description: "The company's details were updated." });
    } catch (err) {
      for (const [path, message] of Object.entries(errorIssues(err))) setError(path as keyof Values, { message });
      toast({ title: "Error", description: errorMessage(err, "Failed to save the company"), variant: "destructive" });
    }
  });

  if (company.isLoading) return <CenteredSpinner label="Loading the company" />;

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      {company.isError ? <Alert variant="destructive">{errorMessage(company.error, "Failed to load the company")}</Alert> : null}
      {company.data && !company.data.legalName ? (
        <Alert variant="info" title="Set up your company">
          Enter the legal name and GSTIN as registered. The state decides whether GST on a bill is CGST and SGST or IGST.
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Building className="h-5 w-5 text-slate-600" aria-hidden="true" />
            Company Details
          </CardTitle>
          <CardDescription>Used on GST bills and in the files exported to your accounting software.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Legal Name"
              required
              error={errors.legalName?.message}
              className="sm:col-span-2"
              hint="As on the GST registration; TallyPrime imports into the company of this name."
            >
              <Input autoComplete="organization" {...register("legalName")} />
            </Field>
            <Field
              label="GSTIN"
              error={errors.gstin?.message ?? (gstin.state === "invalid" ? gstin.reason : undefined)}
              hint={<GstinHint reading={gstin} />}
              className="sm:col-span-2"
            >
              <Input
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={20}
                className="font-mono uppercase"
                placeholder="Leave blank if unregistered"
                {...register("gstin")}
              />
            </Field>
            <Field
              label="State"
              required
              error={errors.stateCode?.message}
              hint={derived ? "From the GSTIN" : "Where the company is registered"}
              className="sm:col-span-2"
            >
              <Select placeholder="Select a state" options={STATE_OPTIONS} disabled={derived} {...register("stateCode")} />
            </Field>
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" disabled={save.isPending}>
                <Save className="h-4 w-4" aria-hidden="true" />
                {save.isPending ? "Saving…" : "Save Company"}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
