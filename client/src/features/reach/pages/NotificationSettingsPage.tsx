// /account/notifications (DECISIONS §14): notifications on this device, what this person is told by
// push and by email, quiet hours, "Send me a test", their devices, and installing the app.
import { useEffect, useState, type ReactNode } from "react";
import { BellRing, MailCheck, MessageSquareText, MonitorSmartphone, Moon, Trash2 } from "lucide-react";
import { formatDateTime } from "@shared/format";
import { Alert, Badge, Button, Card, Checkbox, EmptyState, Field, Input, Select, Spinner } from "@/components/ui";
import { usePermissions } from "@/lib/session";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { runMutation } from "@/lib/mutation";
import { InstallHelp } from "../components/InstallHelp";
import {
  thisDeviceId,
  useNotificationChannels,
  useNotificationPreferences,
  usePushDevices,
  useReachMutations,
  useThisDevice,
  type NotificationPreferences,
} from "../api";

function Section({
  icon: Icon,
  title,
  description,
  children,
  aside,
}: {
  icon: typeof BellRing;
  title: string;
  description: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="flex min-w-0 gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700" aria-hidden="true">
            <Icon className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900">{title}</h2>
            <p className="mt-0.5 text-sm text-slate-600">{description}</p>
          </div>
        </div>
        {aside ? <div className="shrink-0 pl-12 sm:pl-0 sm:pt-1">{aside}</div> : null}
      </div>
      <div className="px-5 py-4 sm:px-6">{children}</div>
    </Card>
  );
}

const failed = (fallback: string) => (err: Error) => toast({ title: "Error", description: errorMessage(err, fallback), variant: "destructive" });

function ThisDeviceSection() {
  const device = useThisDevice();
  const { turnOnThisDevice, turnOffThisDevice, sendTest } = useReachMutations();
  const state = device.data?.state;
  const status =
    state === "on" ? (
      <Badge variant="success">On</Badge>
    ) : state === "blocked" ? (
      <Badge variant="destructive">Blocked</Badge>
    ) : state === "off" ? (
      <Badge variant="outline">Off</Badge>
    ) : null;
  return (
    <Section
      icon={BellRing}
      title="Notifications on this device"
      description="Approvals waiting for you and decisions on your transactions, even when the app is closed."
      aside={status}
    >
      {device.isPending ? <Spinner label="Checking this device" /> : null}
      {state === "unsupported" ? (
        <Alert variant="info" title="This browser cannot show notifications">
          On an iPhone or iPad, add the app to your Home Screen first (iOS 16.4 or later) and open it from there. See below.
        </Alert>
      ) : null}
      {state === "blocked" ? (
        <Alert variant="warning" title="Notifications are blocked for this site">
          Allow them in the browser's site settings, then come back here.
        </Alert>
      ) : null}
      {state === "off" ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p className="text-sm text-slate-700 sm:flex-1">This device does not get notifications yet.</p>
          <Button
            onClick={() =>
              runMutation(turnOnThisDevice, undefined, {
                onSuccess: () => toast({ title: "Notifications on", description: "This device will be told." }),
                onError: failed("Could not turn notifications on"),
              })
            }
            disabled={turnOnThisDevice.isPending}
          >
            <BellRing className="h-4 w-4" aria-hidden="true" />
            {turnOnThisDevice.isPending ? "Turning on..." : "Turn on notifications"}
          </Button>
        </div>
      ) : null}
      {device.data?.state === "on" ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <p className="text-sm text-slate-700 sm:flex-1">This device gets notifications.</p>
          <Button
            variant="outline"
            disabled={sendTest.isPending}
            onClick={() =>
              runMutation(
                sendTest,
                { channel: "push", endpoint: (device.data as { endpoint: string }).endpoint },
                { onSuccess: (a) => toast({ title: "Test sent", description: a.message }), onError: failed("Could not send a test") },
              )
            }
          >
            <BellRing className="h-4 w-4" aria-hidden="true" />
            Send me a test
          </Button>
          <Button
            variant="ghost"
            disabled={turnOffThisDevice.isPending}
            onClick={() => runMutation(turnOffThisDevice, undefined, { onError: failed("Could not turn notifications off") })}
          >
            Turn off
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

const EMAIL_PENDING_OPTIONS = [
  { value: "instant", label: "As each one arrives" },
  { value: "digest", label: "One email a day at 09:00" },
  { value: "off", label: "Off" },
] as const;

function PreferencesSection({ saved }: { saved: NotificationPreferences }) {
  const approves = usePermissions().approvesTransactions;
  const channels = useNotificationChannels();
  const { savePreferences, sendTest } = useReachMutations();
  const [prefs, setPrefs] = useState<NotificationPreferences>(saved);
  const [quiet, setQuiet] = useState(saved.quietHours ?? { from: "22:00", to: "07:00" });
  const [quietOn, setQuietOn] = useState(saved.quietHours !== null);
  useEffect(() => {
    setPrefs(saved);
    setQuietOn(saved.quietHours !== null);
    if (saved.quietHours) setQuiet(saved.quietHours);
  }, [saved]);
  const emailAvailable = channels.data?.email.available ?? false;
  const address = channels.data?.email.address ?? null;
  const next: NotificationPreferences = { ...prefs, quietHours: quietOn ? quiet : null };
  const changed = JSON.stringify(next) !== JSON.stringify(saved);
  const save = () =>
    runMutation(savePreferences, next, {
      onSuccess: () => toast({ title: "Preferences saved", description: "You will be told as you chose." }),
      onError: failed("Could not save your preferences"),
    });

  return (
    <Section icon={MessageSquareText} title="What you are told" description="By push on your devices and by email. Emergencies always come at once.">
      <div className="grid gap-6">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Push notifications</legend>
          <div className="mt-2 grid gap-2">
            {approves ? (
              <Checkbox
                label="Approvals waiting for me"
                checked={prefs.push.pending}
                onChange={(e) => setPrefs({ ...prefs, push: { ...prefs.push, pending: e.target.checked } })}
              />
            ) : null}
            <Checkbox
              label="Decisions on my transactions"
              hint="Approved, rejected, payment due, paid"
              checked={prefs.push.decisions}
              onChange={(e) => setPrefs({ ...prefs, push: { ...prefs.push, decisions: e.target.checked } })}
            />
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Email</legend>
          {channels.data && !emailAvailable ? (
            <Alert variant="info" className="mt-2" title="Email is off on this server">
              An administrator turns it on (SMTP settings). Your choices below are kept for then.
            </Alert>
          ) : null}
          {channels.data && emailAvailable && !address ? (
            <Alert variant="warning" className="mt-2" title="You have no email address">
              Ask an administrator to add one to your user.
            </Alert>
          ) : null}
          {address ? (
            <p className="mt-1 text-sm text-slate-600">
              Sent to <span className="font-medium text-slate-900">{address}</span>
            </p>
          ) : null}
          <div className="mt-3 grid gap-3 sm:max-w-md">
            {approves ? (
              <Field label="Approvals waiting for me" hint="Emergency approvals are mailed at once unless this is off.">
                <Select
                  value={prefs.email.pending}
                  options={EMAIL_PENDING_OPTIONS}
                  onChange={(e) => setPrefs({ ...prefs, email: { ...prefs.email, pending: e.target.value as NotificationPreferences["email"]["pending"] } })}
                />
              </Field>
            ) : null}
            <Checkbox
              label="Decisions on my transactions"
              checked={prefs.email.decisions}
              onChange={(e) => setPrefs({ ...prefs, email: { ...prefs.email, decisions: e.target.checked } })}
            />
          </div>
        </fieldset>

        <fieldset>
          <legend className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
            <Moon className="h-4 w-4 text-slate-500" aria-hidden="true" />
            Quiet hours
          </legend>
          <div className="mt-2 grid gap-3">
            <Checkbox
              label="Hold push notifications during quiet hours"
              hint="They arrive when quiet hours end. Emergencies still come at once."
              checked={quietOn}
              onChange={(e) => setQuietOn(e.target.checked)}
            />
            {quietOn ? (
              <div className="grid grid-cols-2 gap-3 sm:max-w-xs">
                <Field label="From">
                  <Input type="time" value={quiet.from} onChange={(e) => setQuiet({ ...quiet, from: e.target.value })} required />
                </Field>
                <Field label="To">
                  <Input type="time" value={quiet.to} onChange={(e) => setQuiet({ ...quiet, to: e.target.value })} required />
                </Field>
              </div>
            ) : null}
          </div>
        </fieldset>

        <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
          <Button onClick={save} disabled={!changed || savePreferences.isPending}>
            {savePreferences.isPending ? "Saving..." : "Save preferences"}
          </Button>
          {emailAvailable && address ? (
            <Button
              variant="outline"
              disabled={sendTest.isPending}
              onClick={() =>
                runMutation(
                  sendTest,
                  { channel: "email" },
                  { onSuccess: (a) => toast({ title: "Test sent", description: a.message }), onError: failed("Could not send a test email") },
                )
              }
            >
              <MailCheck className="h-4 w-4" aria-hidden="true" />
              Send me a test email
            </Button>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

function DevicesSection() {
  const devices = usePushDevices();
  const { removeDevice } = useReachMutations();
  const mine = thisDeviceId();
  return (
    <Section
      icon={MonitorSmartphone}
      title="Your devices"
      description="Every phone and computer where you turned notifications on. Signing out on one removes it."
    >
      {devices.isPending ? <Spinner label="Loading devices" /> : null}
      {devices.data && devices.data.length === 0 ? (
        <EmptyState icon={MonitorSmartphone} title="No devices yet" description="Turn notifications on above, on each phone or computer you use." />
      ) : null}
      {devices.data && devices.data.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {devices.data.map((d) => (
            <li key={d.id} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  <span className="break-words">{d.label ?? "Device"}</span>
                  {d.id === mine ? <Badge variant="info">This device</Badge> : null}
                </p>
                <p className="text-xs text-slate-600">
                  Added {formatDateTime(d.createdAt)} · {d.lastSentAt ? `last told ${formatDateTime(d.lastSentAt)}` : "nothing sent yet"}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${d.label ?? "device"}`}
                disabled={removeDevice.isPending}
                onClick={() =>
                  runMutation(removeDevice, d.id, { onSuccess: () => toast({ title: "Device removed" }), onError: failed("Could not remove the device") })
                }
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                <span className="hidden sm:inline">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

export default function NotificationSettingsPage() {
  const preferences = useNotificationPreferences();
  return (
    <div className="mx-auto grid max-w-3xl gap-5">
      <ThisDeviceSection />
      {preferences.data ? <PreferencesSection saved={preferences.data} /> : <Spinner label="Loading your preferences" />}
      {preferences.isError ? (
        <Alert variant="destructive" title="Could not load your preferences">
          {errorMessage(preferences.error, "Please try again.")}
        </Alert>
      ) : null}
      <DevicesSection />
      <InstallHelp />
    </div>
  );
}
