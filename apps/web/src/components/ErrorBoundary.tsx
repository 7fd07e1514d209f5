import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Translation } from 'react-i18next';
import { logError } from '../utils/error-log';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When it changes (e.g. the path), a failed subtree gets another chance to render. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey: unknown;
}

/** The innermost component of a React component stack, in Chrome's or Firefox's format. */
function componentOf(componentStack: string | null | undefined): string {
  const first = componentStack
    ?.split('\n')
    .map((line) => line.trim())
    .find(Boolean);
  return first?.replace(/^at /, '').split(/[\s@]/)[0] ?? '';
}

/**
 * Keeps a page's render error from blanking the whole app: the page shows a way out, and in
 * production the error goes to the error log (docs/spec.md §8) with the component it came from.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const stack = info.componentStack ?? '';
    logError(error, componentOf(stack), stack.trim());
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          // Not antd's Result: it bundles three large illustrations into every page's code.
          <div
            role="alert"
            style={{ padding: '48px 24px', textAlign: 'center' }}
            data-testid="error-boundary"
          >
            <CloseCircleFilled style={{ fontSize: 64, color: 'var(--ant-color-error, #ff4d4f)' }} />
            <h2 style={{ margin: '24px 0 8px', fontSize: 22, fontWeight: 500 }}>
              {t('errorLog.boundary.title')}
            </h2>
            <p style={{ margin: '0 0 24px', color: 'var(--ant-color-text-secondary, #8c8c8c)' }}>
              {t('errorLog.boundary.text')}
            </p>
            <Button type="primary" onClick={() => window.location.reload()}>
              {t('errorLog.boundary.reload')}
            </Button>
          </div>
        )}
      </Translation>
    );
  }
}
