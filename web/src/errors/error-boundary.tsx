import { Component, type ReactNode } from "react";
import { ErrorPage } from "./error-page.tsx";

/** A render crash shows the 500 page instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? <ErrorPage code={500} /> : this.props.children;
  }
}
