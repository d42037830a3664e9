import { z } from 'zod';

// GET /api/driver-contacts: the recommended drivers (SPEC §9), active ones only, cheapest first.
// Seats and prices are numbers, the notes English with each translation (migration
// 20261201001100): the PWA words them in the reader's language.

// The notes in one of the app's other languages; the English notes show where one is missing.
const driverContactTexts = z.object({ notes: z.string().optional() });

export const driverContactSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    whatsappNumber: z.string(),
    malaysianNumber: z.string().nullable(),
    vehicleType: z.string(),
    notes: z.string().nullable(),
    basePriceSgd: z.number().nullable(),
    isActive: z.boolean(),
    seats: z.number().int().nullable(),
    // A range when stopPriceMaxSgd is set.
    stopPriceSgd: z.number().nullable(),
    stopPriceMaxSgd: z.number().nullable(),
    translations: z.object({
      zh: driverContactTexts.nullable().optional(),
      ms: driverContactTexts.nullable().optional(),
    }),
  })
  .meta({ id: 'DriverContact' });
export type DriverContactAnswer = z.infer<typeof driverContactSchema>;

export const driverContactsSchema = z.array(driverContactSchema);
