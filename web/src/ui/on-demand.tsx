// Controls whose popup is a Mantine Menu, Popover or Tooltip: those place the popup with
// floating-ui, which with the components weighs ~20 KB compressed, more than a tenth of a first
// page load, for popups nobody has opened yet. Such a control shows its trigger alone until it is
// used; a pointer over the trigger or focus on it fetches the whole control, and the use (a click,
// or for a tooltip the pointer coming over it) swaps it in, opened (web/README.md#first-paint).
import {
  type ComponentType,
  lazy,
  type ReactNode,
  type Ref,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";

/** Handed to a trigger: the handlers of the light control, or the ref and handlers of the
 * Menu.Target or Popover.Target wrapping it; it passes them all to its element. */
export interface TriggerProps<E extends HTMLElement = HTMLButtonElement> {
  ref?: Ref<E>;
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}

/**
 * The light control: the trigger until used, then the default export of `load` with the same
 * props, which opens its popup on mount (`useOpenedOnMount`, or a tooltip's `defaultOpened`).
 */
export function onDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  trigger: (props: P, handlers: Omit<TriggerProps, "ref">) => ReactNode,
  openOn: "click" | "pointer" = "click",
): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchCode = () => (loading ??= load());
  const Full = lazy(fetchCode);
  return function OnDemand(props: P) {
    const [used, setUsed] = useState(false);
    // In a transition the trigger stays, focus and all, while the control's code arrives.
    const use = () => startTransition(() => setUsed(true));
    const alone = trigger(props, {
      onPointerEnter: openOn === "pointer" ? use : () => void fetchCode(),
      onFocus: () => void fetchCode(),
      onClick: openOn === "click" ? use : undefined,
    });
    return <Suspense fallback={alone}>{used ? <Full {...props} /> : alone}</Suspense>;
  };
}

/**
 * A Menu's or Popover's opened state, opened once mounted. The trigger it replaced took focus
 * with it: focus goes to the new trigger first, where the popup returns it when it closes.
 */
export function useOpenedOnMount<T extends HTMLElement>() {
  const target = useRef<T>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  return { target, opened, setOpened };
}
