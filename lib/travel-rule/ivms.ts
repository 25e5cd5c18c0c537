/**
 * The IVMS 101 (interVASP Messaging Standard, 2023 edition) record of a transfer or withdrawal at or above the
 * Travel Rule's threshold, built on the `ivms101` package's types and checked with its validator before it is
 * stored (travel_rule_records.ivms101): what the operator submits through the receiving exchange's Travel Rule
 * service (VerifyVASP, CODE) and what /admin/travel-rule exports unchanged.
 *
 * - originator: the member, a natural person: their registered name, customerIdentification = the member number
 *   (users.id). Only an ID-verified member gets this far (transfer_request_open refuses KYC_REQUIRED first).
 * - beneficiary: the recipient's name as registered at the receiving exchange; its accountNumber: the address.
 * - originatingVASP: the operator (OPERATOR_NAME); beneficiaryVASP: the destination exchange — none for a personal
 *   wallet, an unhosted wallet with no VASP behind it.
 * The package's validator applies the originator's constraints (IVMS C1, C4: an address, a customer or a national
 * identification) to every person, so each carries the identifier this operator knows it by: the beneficiary its
 * address, a VASP its name. The amount, KRW value and network are the record's own columns (IVMS 101 describes
 * the parties, not the asset).
 */
import { type IVMS101_2023Type, PayloadVersionCode, validate } from "ivms101";

/** The record as the package's 2023 schema has it (its `Person` type misplaces accountNumber, which IVMS 101 puts
 * on the beneficiary, as the schema does). */
export type Ivms101Record = IVMS101_2023Type;
type Person = Ivms101Record["originator"]["originatorPerson"][number];

export type Ivms101Parties = {
  originator: { name: string; memberNumber: string };
  beneficiaryName: string;
  operatorName: string;
  /** The receiving exchange, or null for a personal (unhosted) wallet. */
  exchange: string | null;
  address: string;
};

const naturalPerson = (name: string, customerIdentification: string): Person => ({
  naturalPerson: {
    name: { nameIdentifier: [{ primaryIdentifier: name, naturalPersonNameIdentifierType: "LEGL" }] },
    customerIdentification,
  },
});

const vasp = (name: string): Person => ({
  legalPerson: {
    name: { nameIdentifier: [{ legalPersonName: name, legalPersonNameIdentifierType: "LEGL" }] },
    customerIdentification: name,
  },
});

/** The record, validated by the `ivms101` package (a record it refuses is a bug here: it throws). */
export function buildIvms101(p: Ivms101Parties): Ivms101Record {
  const record: Ivms101Record = {
    originator: { originatorPerson: [naturalPerson(p.originator.name, p.originator.memberNumber)] },
    beneficiary: { beneficiaryPerson: [naturalPerson(p.beneficiaryName, p.address)], accountNumber: [p.address] },
    originatingVASP: vasp(p.operatorName),
    ...(p.exchange ? { beneficiaryVASP: vasp(p.exchange) } : {}),
    payloadMetadata: { payloadVersion: PayloadVersionCode.V2023 },
  };
  validate(record, { version: "2023" });
  return record;
}
