/** Analytics events go to window.dataLayer (spec §3 "Analytics events"). */
type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

export function pushEvent(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

export const trackClickButton = (button_name: string, location: string) => pushEvent({ event: 'click_button', button_name, location });
export const trackSendForm = (step: string, location: string) => pushEvent({ event: 'send_form', step, location });
export const trackChangeForm = (form_name: string, form_field: string) => pushEvent({ event: 'change_form', form_name, form_field });
export const trackOpenPopup = (popup_name: string, location: string) => pushEvent({ event: 'open_popup', popup_name, location });
export const trackError = (form_name: string, message: string, location: string) => pushEvent({ event: 'error', form_name, message, location });
