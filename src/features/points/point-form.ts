// The point form's fields: what the staffer types, read and held to the limits of the
// point.create payload schema (contract/points.ts), so the form and the server agree.
import * as v from 'valibot';
import { pointCreateSchema } from '../../../contract/points';
import { parseAmount } from '../../lib/points-math';

const contractFields = pointCreateSchema.entries;

/** A typed amount ("1.000.000") read as a number, then held to the contract's own limits. */
function amount(field: v.GenericSchema<number | string | undefined, number>) {
  return v.pipe(
    v.string('invalid_number'),
    v.transform(parseAmount),
    v.number('invalid_number'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const checked = v.safeParse(field, dataset.value);
      if (!checked.success) addIssue({ message: checked.issues[0].message });
    }),
  );
}

// The form's limits are the payload schema's (contract/points.ts): nothing re-typed here.
export const pointFormSchema = v.object({
  invoiceNumber: contractFields.invoiceNumber,
  invoiceValue: amount(contractFields.invoiceValue),
  deductedPoints: amount(contractFields.deductedPoints),
  note: contractFields.note,
});
export type PointFormInput = v.InferInput<typeof pointFormSchema>;
export type PointFormOutput = v.InferOutput<typeof pointFormSchema>;
