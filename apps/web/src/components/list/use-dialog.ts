import { useCallback, useState } from 'react';

interface DialogState<T> {
  target?: T;
  open: boolean;
  /** Changes with every opening: as the dialog's React key, it makes the dialog and its form new. */
  key: number;
}

/**
 * What a dialog is about and whether it is open. The target stays while the dialog animates
 * closed; every opening remounts the dialog (see key), so no value of the last one leaks in.
 */
export function useDialog<T>() {
  const [state, setState] = useState<DialogState<T>>({ open: false, key: 0 });
  const show = useCallback(
    (target: T) => setState((current) => ({ target, open: true, key: current.key + 1 })),
    [],
  );
  const hide = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { ...state, show, hide };
}
