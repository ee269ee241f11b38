/**
 * What the caller reads about their appointment, in the agent's language (issue 35 §5): the texts (confirmation,
 * change, cancellation, reminder) and the manage page's words.
 */
import type { LabelLanguage } from "./slot-labels";

/** DEFAULT_SERVICE's name (appointments.ts), here to keep this module free of the appointments schema. */
const DEFAULT_SERVICE_NAME = "Appointment";

export interface AppointmentTextInput {
  business: string;
  service: string;
  /** The read-back label of the appointment's time (slot-labels.ts). */
  label: string;
  code: string;
  /** The manage link, `https://…/a/{token}`. */
  link: string;
}

export type AppointmentTextKind = "confirmed" | "rescheduled" | "canceled" | "reminder";

/** The default service ("Appointment") is no name of its own: "your appointment", "su cita". */
const isDefaultService = (service: string) => service === DEFAULT_SERVICE_NAME;
const yourEn = (t: AppointmentTextInput) => (isDefaultService(t.service) ? "appointment" : t.service);
const citaEs = (t: AppointmentTextInput) => (isDefaultService(t.service) ? "su cita" : `su cita (${t.service})`);

const TEXTS: Record<LabelLanguage, Record<AppointmentTextKind, (input: AppointmentTextInput) => string>> = {
  en: {
    confirmed: (t) => `${t.business}: your ${yourEn(t)} is booked for ${t.label}. Code ${t.code}. Change or cancel: ${t.link} Reply STOP to opt out.`,
    rescheduled: (t) => `${t.business}: your ${yourEn(t)} is moved to ${t.label}. Code ${t.code}. Change or cancel: ${t.link}`,
    canceled: (t) => `${t.business}: your ${yourEn(t)} on ${t.label} is canceled. Call us to book again.`,
    reminder: (t) => `Reminder from ${t.business}: your ${yourEn(t)} is ${t.label}. Change or cancel: ${t.link}`,
  },
  es: {
    confirmed: (t) =>
      `${t.business}: ${citaEs(t)} queda reservada para el ${t.label}. Código ${t.code}. Cambiar o cancelar: ${t.link} Responda STOP para no recibir mensajes.`,
    rescheduled: (t) => `${t.business}: ${citaEs(t)} pasa al ${t.label}. Código ${t.code}. Cambiar o cancelar: ${t.link}`,
    canceled: (t) => `${t.business}: ${citaEs(t)} del ${t.label} está cancelada. Llámenos para reservar otra.`,
    reminder: (t) => `Recordatorio de ${t.business}: ${citaEs(t)} es el ${t.label}. Cambiar o cancelar: ${t.link}`,
  },
};

export function appointmentText(kind: AppointmentTextKind, language: LabelLanguage, input: AppointmentTextInput): string {
  return TEXTS[language][kind](input);
}

/** The manage page's words. */
export const MANAGE_PAGE_COPY = {
  en: {
    title: "Your appointment",
    with: (business: string) => `with ${business}`,
    service: "Service",
    when: "When",
    code: "Confirmation code",
    canceled: "This appointment is canceled.",
    reschedule: "Choose a new time",
    timesIn: (zone: string) => `All times are ${zone}.`,
    noSlots: "There are no other free times right now. Call us to find one.",
    chooseDay: "Choose a day",
    timesOn: (day: string) => `Free times on ${day}`,
    later: "Later days",
    moveConfirm: (label: string) => `Move to ${label}?`,
    moveYes: "Yes, move it",
    cancel: "Cancel this appointment",
    cancelConfirm: "Cancel it? This cannot be undone.",
    cancelYes: "Yes, cancel it",
    keep: "No, keep it",
    bookAgain: "Book again",
    bookAgainCall: (business: string) => `Call ${business} to book a new time.`,
    bookAgainOnline: (business: string) => `Book a new time with ${business} online.`,
    bookAgainContact: (business: string) => `Contact ${business} to book a new time.`,
    call: (number: string) => `Call ${number}`,
    visit: "Book online",
    moved: (label: string) => `Done: your appointment is now ${label}. We texted you the details.`,
    canceledNow: "Done: your appointment is canceled.",
    taken: "That time was just taken. Please choose another.",
    invalidTitle: "This link does not work",
    invalid: "This appointment link is not valid or has expired. Call the business to check or change your booking.",
    tooMany: "Too many requests from your connection. Wait a few minutes and try again.",
  },
  es: {
    title: "Su cita",
    with: (business: string) => `con ${business}`,
    service: "Servicio",
    when: "Cuándo",
    code: "Código de confirmación",
    canceled: "Esta cita está cancelada.",
    reschedule: "Elija otra hora",
    timesIn: (zone: string) => `Todas las horas se indican en ${zone}.`,
    noSlots: "Ahora no hay otras horas libres. Llámenos para buscar una.",
    chooseDay: "Elija un día",
    timesOn: (day: string) => `Horas libres el ${day}`,
    later: "Días más adelante",
    moveConfirm: (label: string) => `¿Pasarla al ${label}?`,
    moveYes: "Sí, cambiarla",
    cancel: "Cancelar esta cita",
    cancelConfirm: "¿Cancelarla? No se puede deshacer.",
    cancelYes: "Sí, cancelarla",
    keep: "No, mantenerla",
    bookAgain: "Reservar de nuevo",
    bookAgainCall: (business: string) => `Llame a ${business} para reservar otra hora.`,
    bookAgainOnline: (business: string) => `Reserve otra hora con ${business} en línea.`,
    bookAgainContact: (business: string) => `Póngase en contacto con ${business} para reservar otra hora.`,
    call: (number: string) => `Llamar al ${number}`,
    visit: "Reservar en línea",
    moved: (label: string) => `Listo: su cita es ahora el ${label}. Le enviamos los detalles por SMS.`,
    canceledNow: "Listo: su cita está cancelada.",
    taken: "Esa hora se acaba de ocupar. Elija otra, por favor.",
    invalidTitle: "Este enlace no funciona",
    invalid: "Este enlace de la cita no es válido o ha caducado. Llame al negocio para consultar o cambiar su reserva.",
    tooMany: "Demasiadas solicitudes desde su conexión. Espere unos minutos e inténtelo de nuevo.",
  },
} as const satisfies Record<LabelLanguage, Record<string, string | ((value: string) => string)>>;
