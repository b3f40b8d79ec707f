import { describe, expect, it } from 'vitest';
import en from './en.json';
import de from './de.json';
import spec from '../../openapi.json';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translations', () => {
  it('en and de have the same keys', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });
  it('have every not-sellable reason', async () => {
    const { NOT_SELLABLE_REASONS } = await import('../lib/warnings');
    for (const r of NOT_SELLABLE_REASONS) {
      expect(en.warnings).toHaveProperty(r);
      expect(de.warnings).toHaveProperty(r);
    }
  });
  it('label every value of the vocabularies the order views show (no raw enum values on screen)', () => {
    const schemas = spec.components.schemas as Record<string, { enum?: string[] }>;
    const labelled: [string, Record<string, string>, Record<string, string>][] = [
      ['PaymentMethod', en.enums.paymentMethod, de.enums.paymentMethod],
      ['LogType', en.enums.logType, de.enums.logType],
      ['PaymentProvider', en.enums.provider, de.enums.provider],
      ['PaymentType', en.editor.planTypes, de.editor.planTypes],
    ];
    for (const [schema, enLabels, deLabels] of labelled) {
      const values = schemas[schema]?.enum ?? [];
      expect(values.length, schema).toBeGreaterThan(0);
      for (const value of values) {
        expect(enLabels, `${schema}.${value} (en)`).toHaveProperty([value]);
        expect(deLabels, `${schema}.${value} (de)`).toHaveProperty([value]);
      }
    }
  });
  it('word every refusal code the API answers a 409 with, in both languages (no raw code on screen)', () => {
    const refusals = (spec.components.schemas as Record<string, { enum?: string[] }>).Refusal?.enum ?? [];
    expect(refusals).toContain('sepa_not_for_plan');
    for (const code of refusals) {
      expect(en.refusals, `${code} (en)`).toHaveProperty([code]);
      expect(de.refusals, `${code} (de)`).toHaveProperty([code]);
    }
  });
  it('label every state a status chip shows, in both languages', () => {
    const schemas = spec.components.schemas as Record<string, { enum?: string[] }>;
    for (const schema of ['PaymentState', 'PaymentLogState', 'Publication', 'InvoiceState', 'StepState', 'WorkflowStatus']) {
      const values = schemas[schema]?.enum ?? [];
      expect(values.length, schema).toBeGreaterThan(0);
      for (const value of values) {
        // workflow statuses are shown as Temporal names them and lowercased in the progress view
        for (const key of schema === 'WorkflowStatus' ? [value, value.toLowerCase()] : [value]) {
          expect(en.status, `${schema}.${key} (en)`).toHaveProperty([key]);
          expect(de.status, `${schema}.${key} (de)`).toHaveProperty([key]);
        }
      }
    }
  });
  it('label every course vocabulary a payer or seller sees (core §4 products and courses)', () => {
    const schemas = spec.components.schemas as Record<string, { enum?: string[] }>;
    for (const [schema, enLabels, deLabels] of [
      ['LessonStatus', en.payer.lessonStatus, de.payer.lessonStatus],
      ['LessonStatus', en.status, de.status],
      ['PaymentTicketState', en.status, de.status],
      ['OptInType', en.optIns.types, de.optIns.types],
      ['CertificateState', en.status, de.status],
      ['CourseAccess', en.payer.access, de.payer.access],
      ['PaymentCourseState', en.payer.closed, de.payer.closed],
    ] as const) {
      const values = schemas[schema]?.enum ?? [];
      expect(values.length, schema).toBeGreaterThan(0);
      for (const value of values) {
        expect(enLabels, `${schema}.${value} (en)`).toHaveProperty([value]);
        expect(deLabels, `${schema}.${value} (de)`).toHaveProperty([value]);
      }
    }
  });

  it('label every vocabulary of the seller profile and legitimation (core §3, §4)', () => {
    const schemas = spec.components.schemas as Record<string, { enum?: string[] }>;
    const pairs: [string, string][] = [
      ['BusinessType', 'businessType'],
      ['Salutation', 'salutation'],
      ['PositionInCompany', 'position'],
      ['EmployeeSize', 'employeeSize'],
      ['VatExemptReason', 'vatExemptReason'],
      ['TaxNoType', 'taxNoType'],
      ['DocumentType', 'documentType'],
      ['DocumentState', 'documentState'],
      ['BankAccountType', 'bankAccountType'],
      ['BankAccountState', 'bankAccountState'],
      ['LegitimationStep', 'legitimationStep'],
      ['VerificationLevel', 'verificationLevel'],
      ['AccountLimit', 'accountLimit'],
      ['EntryKind', 'entryKind'],
      ['PayeeType', 'payeeType'],
      ['RefundState', 'refundState'],
      ['PayoutState', 'payoutState'],
      ['PayoutKind', 'payoutKind'],
      ['PayoutSchedule', 'payoutSchedule'],
      ['ExportState', 'exportState'],
      ['InvoiceForm', 'invoiceForm'],
      ['PlatformInvoiceState', 'platformInvoiceState'],
      ['TeamRole', 'teamRole'],
      ['TeamState', 'teamState'],
      ['SellingMode', 'sellingMode'],
      ['ResellerRequestState', 'resellerRequestState'],
      ['EndpointState', 'endpointState'],
      ['DeliveryState', 'deliveryState'],
    ];
    for (const [schema, key] of pairs) {
      const values = schemas[schema]?.enum ?? [];
      expect(values.length, schema).toBeGreaterThan(0);
      for (const value of values) {
        expect((en.enums as Record<string, Record<string, string>>)[key], `${schema}.${value} (en)`).toHaveProperty([value]);
        expect((de.enums as Record<string, Record<string, string>>)[key], `${schema}.${value} (de)`).toHaveProperty([value]);
      }
    }
    for (const value of schemas.Missing?.enum ?? []) {
      expect(en.legitimation.missing, value).toHaveProperty([value]);
      expect(de.legitimation.missing, value).toHaveProperty([value]);
    }
  });
});
