/** The thank-you text a caller gets after the call (Settings › post-call SMS), in the caller's language (issue 37 §4). */
import type { LabelLanguage } from "./slot-labels";

const FOLLOW_UP: Record<LabelLanguage, (business: string) => string> = {
  en: (business) => `Thanks for calling ${business}! We have your details and will follow up soon. Reply here with anything else. Reply STOP to opt out.`,
  es: (business) =>
    `¡Gracias por llamar a ${business}! Tenemos sus datos y le contactaremos pronto. Responda aquí si necesita algo más. Responda STOP para no recibir mensajes.`,
};

export const followUpText = (language: LabelLanguage, business: string) => FOLLOW_UP[language](business);
