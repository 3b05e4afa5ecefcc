/** A phone number as written ("+998 71 205 40 40") as a call link's address: its digits and plus sign only (`tel:+998712054040`). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
