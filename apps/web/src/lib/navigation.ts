/**
 * Lets code outside React (the api-client's 403 handling, dialogs that outlive their component)
 * navigate through the router. The app registers router.navigate once; until then a full page
 * load is the safe fallback.
 */
type Navigator = (to: string) => void;

const fullPageLoad: Navigator = (to) => window.location.assign(to);
let navigator: Navigator = fullPageLoad;

export function registerNavigator(next: Navigator): () => void {
  navigator = next;
  return () => {
    if (navigator === next) navigator = fullPageLoad;
  };
}

export function navigateTo(to: string): void {
  navigator(to);
}
