import { Component, type ErrorInfo, type ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MessageCard } from "./MessageCard";

type Props = { children: ReactNode; /** Changing it clears a caught error (e.g. the current path). */ resetKey?: string };
type State = { error: Error | null };

/**
 * Catches render errors and failed chunk loads (e.g. an old tab after a deploy) so the user gets a
 * way out instead of a blank page.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Screen failed to render", error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="px-4 py-10">
        <MessageCard
          icon={TriangleAlert}
          tone="danger"
          title="Something went wrong"
          action={<Button onClick={() => window.location.reload()}>Reload page</Button>}
        >
          <p>This screen could not be shown. Reloading usually fixes it; if it keeps happening, contact your administrator.</p>
        </MessageCard>
      </div>
    );
  }
}
