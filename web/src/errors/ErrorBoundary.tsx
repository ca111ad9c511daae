import { Component, type ReactNode } from 'react';

/** What a fallback gets: the error, and a way to render the failed part again. */
export interface FallbackProps {
  error: unknown;
  resetErrorBoundary(): void;
}

interface ErrorBoundaryProps {
  children?: ReactNode;
  /** What replaces the children once they threw: a node, or one made from the error. */
  fallback: ReactNode | ((props: FallbackProps) => ReactNode);
  /** A caught error is cleared when this changes afterwards (a route's path: another page is drawn). */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  caught: boolean;
  error: unknown;
}

const CLEAR: ErrorBoundaryState = { caught: false, error: null };

/**
 * React's error boundary (a class: React has no hook for it), with just what the app uses.
 * It sits in the first page's chunk, so it replaces `react-error-boundary`, whose context,
 * hooks and callbacks nobody here used: 0.3 KB gzipped of the JavaScript before the sets show
 * (`npm run bench -- bundle-size`). React still reports each caught error on the console.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state = CLEAR;

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { caught: true, error };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps, previousState: ErrorBoundaryState) {
    // Only a key that changed once the error was showing: the render that threw may have changed it too.
    if (this.state.caught && previousState.caught && !Object.is(previous.resetKey, this.props.resetKey)) this.setState(CLEAR);
  }

  private readonly reset = () => this.setState(CLEAR);

  override render() {
    const { children, fallback } = this.props;
    if (!this.state.caught) return children;
    return typeof fallback === 'function' ? fallback({ error: this.state.error, resetErrorBoundary: this.reset }) : fallback;
  }
}
