// The demo logins' passwords are public (README), and hashing four of them at full cost was
// seconds of every first start (issue 25 item 6): their full-cost hashes are made once, here.
// tests/unit/demo-password-hashes.test.ts checks each still matches its password.
export const demoPasswordHashes: Readonly<Record<string, string>> = {
  demo12345: 'scrypt$131072$8$1$pR4SiMx3GEVjh0xq1v-M2A$cWFjbh-u8t8MR3Vx874uesUuPDZ05kcCVOMAdekpvsk',
  staff12345:
    'scrypt$131072$8$1$XXf1sXF5ZotSJomSK3aCrA$w3ye51pceXcMeozdx-HtT6xX3Qa6_JKsQ-GvCvBjr0Q',
  brand12345:
    'scrypt$131072$8$1$JPDjeL-CID_ByJ1tPF5WoA$WAHoh56NdKJdE3t-8C41aZo8rWIOAZuK1PViWqKvoyg',
  agency12345:
    'scrypt$131072$8$1$lXwsxnXmgl_09_eK8ToFow$niTbL-DOHmDI5csY9gu8azyYk85VCRCBc_Lbk2Evr74',
};
