// Real LOINC codes, names (LOINC long common names) and UCUM units of the sample lab results.

export interface LoincCode {
  code: string;
  name: string;
  unit: string | null;
}

const loinc = (code: string, name: string, unit: string | null): LoincCode => ({ code, name, unit });

export const LOINC = {
  cholesterol: loinc('2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma', 'mg/dL'),
  triglycerides: loinc('2571-8', 'Triglyceride [Mass/volume] in Serum or Plasma', 'mg/dL'),
  hdl: loinc('2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma', 'mg/dL'),
  ldlCalc: loinc('13457-7', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation', 'mg/dL'),
  vldlCalc: loinc('13458-5', 'Cholesterol in VLDL [Mass/volume] in Serum or Plasma by calculation', 'mg/dL'),
  nonHdl: loinc('43396-1', 'Cholesterol non HDL [Mass/volume] in Serum or Plasma', 'mg/dL'),
  cholesterolHdlRatio: loinc('9830-1', 'Cholesterol.total/Cholesterol in HDL [Mass Ratio] in Serum or Plasma', '{ratio}'),
  glucose: loinc('2345-7', 'Glucose [Mass/volume] in Serum or Plasma', 'mg/dL'),
  ureaNitrogen: loinc('3094-0', 'Urea nitrogen [Mass/volume] in Serum or Plasma', 'mg/dL'),
  creatinine: loinc('2160-0', 'Creatinine [Mass/volume] in Serum or Plasma', 'mg/dL'),
  egfr: loinc(
    '98979-8',
    'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI 2021)',
    'mL/min/{1.73_m2}',
  ),
  sodium: loinc('2951-2', 'Sodium [Moles/volume] in Serum or Plasma', 'mmol/L'),
  potassium: loinc('2823-3', 'Potassium [Moles/volume] in Serum or Plasma', 'mmol/L'),
  chloride: loinc('2075-0', 'Chloride [Moles/volume] in Serum or Plasma', 'mmol/L'),
  carbonDioxide: loinc('2028-9', 'Carbon dioxide, total [Moles/volume] in Serum or Plasma', 'mmol/L'),
  calcium: loinc('17861-6', 'Calcium [Mass/volume] in Serum or Plasma', 'mg/dL'),
  protein: loinc('2885-2', 'Protein [Mass/volume] in Serum or Plasma', 'g/dL'),
  albumin: loinc('1751-7', 'Albumin [Mass/volume] in Serum or Plasma', 'g/dL'),
  globulin: loinc('10834-0', 'Globulin [Mass/volume] in Serum by calculation', 'g/dL'),
  albuminGlobulinRatio: loinc('1759-0', 'Albumin/Globulin [Mass Ratio] in Serum or Plasma', '{ratio}'),
  bilirubin: loinc('1975-2', 'Bilirubin.total [Mass/volume] in Serum or Plasma', 'mg/dL'),
  alkalinePhosphatase: loinc('6768-6', 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma', 'U/L'),
  ast: loinc('1920-8', 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 'U/L'),
  alt: loinc('1742-6', 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 'U/L'),
  hba1c: loinc('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood', '%'),
  estimatedAverageGlucose: loinc('27353-2', 'Glucose mean value [Mass/volume] in Blood Estimated from glycated hemoglobin', 'mg/dL'),
  tsh: loinc('3016-3', 'Thyrotropin [Units/volume] in Serum or Plasma', 'm[IU]/L'),
  freeT4: loinc('3024-7', 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma', 'ng/dL'),
  vitaminDTotal: loinc('62292-8', '25-hydroxyvitamin D2+25-hydroxyvitamin D3 [Mass/volume] in Serum or Plasma', 'ng/mL'),
  vitaminD3: loinc('1989-3', '25-hydroxyvitamin D3 [Mass/volume] in Serum or Plasma', 'ng/mL'),
  leukocytes: loinc('6690-2', 'Leukocytes [#/volume] in Blood by Automated count', '10*3/uL'),
  erythrocytes: loinc('789-8', 'Erythrocytes [#/volume] in Blood by Automated count', '10*6/uL'),
  hemoglobin: loinc('718-7', 'Hemoglobin [Mass/volume] in Blood', 'g/dL'),
  hematocrit: loinc('4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count', '%'),
  mcv: loinc('787-2', 'MCV [Entitic volume] by Automated count', 'fL'),
  mch: loinc('785-6', 'MCH [Entitic mass] by Automated count', 'pg'),
  mchc: loinc('786-4', 'MCHC [Mass/volume] by Automated count', 'g/dL'),
  rdw: loinc('788-0', 'Erythrocyte distribution width [Ratio] by Automated count', '%'),
  platelets: loinc('777-3', 'Platelets [#/volume] in Blood by Automated count', '10*3/uL'),
  iron: loinc('2498-4', 'Iron [Mass/volume] in Serum or Plasma', 'ug/dL'),
  ironBindingCapacity: loinc('2500-7', 'Iron binding capacity [Mass/volume] in Serum or Plasma', 'ug/dL'),
  unsaturatedIronBinding: loinc('2501-5', 'Iron binding capacity.unsaturated [Mass/volume] in Serum or Plasma', 'ug/dL'),
  ironSaturation: loinc('2502-3', 'Iron saturation [Mass Fraction] in Serum or Plasma', '%'),
  ferritin: loinc('2276-4', 'Ferritin [Mass/volume] in Serum or Plasma', 'ng/mL'),
  hsCrp: loinc('30522-7', 'C reactive protein [Mass/volume] in Serum or Plasma by High sensitivity method', 'mg/L'),
  vitaminB12: loinc('2132-9', 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma', 'pg/mL'),
  magnesium: loinc('19123-9', 'Magnesium [Mass/volume] in Serum or Plasma', 'mg/dL'),
  apolipoproteinB: loinc('1884-6', 'Apolipoprotein B [Mass/volume] in Serum or Plasma', 'mg/dL'),
  lipoproteinA: loinc('10835-7', 'Lipoprotein a [Mass/volume] in Serum or Plasma', 'mg/dL'),
  urate: loinc('3084-1', 'Urate [Mass/volume] in Serum or Plasma', 'mg/dL'),
  insulin: loinc('20448-7', 'Insulin [Units/volume] in Serum or Plasma', 'u[IU]/mL'),
  testosterone: loinc('2986-8', 'Testosterone [Mass/volume] in Serum or Plasma', 'ng/dL'),
} as const satisfies Record<string, LoincCode>;

export type LoincKey = keyof typeof LOINC;

/** Stable integer ids for the loinc objects (their position in the table above). */
export const LOINC_IDS: ReadonlyMap<LoincKey, number> = new Map(
  (Object.keys(LOINC) as LoincKey[]).map((key, i) => [key, 5000 + i]),
);
