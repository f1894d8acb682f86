// The sample lab menu: lab tests (fixed uuids) and their markers, each marker with the results
// it yields and their LOINC codes. Provider ids follow the lab's own test-number style.
import { LOINC, LOINC_IDS } from './loincCodes';
import type { LoincKey } from './loincCodes';

export const LAB_ID = 27;

export interface ResultDefinition {
  id: number;
  name: string;
  providerId: string;
  loinc: LoincKey;
}

export interface MarkerDefinition {
  id: number;
  name: string;
  description: string;
  providerId: string;
  type: 'biomarker' | 'panel';
  unit: string | null;
  price: string;
  results: ResultDefinition[];
}

export interface LabTestDefinition {
  id: string;
  name: string;
  markerIds: number[];
}

type ResultSpec = [name: string, providerId: string, loinc: LoincKey];

let nextResultId = 70_001;
function marker(
  id: number,
  name: string,
  providerId: string,
  description: string,
  results: ResultSpec[],
  extra: { type?: 'panel'; price?: string } = {},
): MarkerDefinition {
  const type = extra.type ?? 'biomarker';
  const firstLoinc = results[0]?.[2];
  return {
    id,
    name,
    description,
    providerId,
    type,
    unit: type === 'panel' || firstLoinc === undefined ? null : LOINC[firstLoinc].unit,
    price: extra.price ?? 'N/A',
    results: results.map(([resultName, resultProviderId, loinc]) => ({
      id: nextResultId++,
      name: resultName,
      providerId: resultProviderId,
      loinc,
    })),
  };
}

export const MARKERS: readonly MarkerDefinition[] = [
  marker(1101, 'Cholesterol, Total', '001065', 'Total cholesterol carried by all lipoproteins in the blood.', [['Cholesterol, Total', '001065', 'cholesterol']]),
  marker(1102, 'Triglycerides', '001172', 'Fat in the blood; best measured after a 9–12 hour fast.', [['Triglycerides', '001172', 'triglycerides']]),
  marker(1103, 'HDL Cholesterol', '011817', 'High-density lipoprotein, the "good" cholesterol.', [['HDL Cholesterol', '011817', 'hdl']]),
  marker(1104, 'LDL Cholesterol Calc', '012053', 'Low-density lipoprotein, calculated from total, HDL and triglycerides.', [['LDL Chol Calc (NIH)', '813971', 'ldlCalc']]),
  marker(1105, 'VLDL Cholesterol Cal', '011919', 'Very-low-density lipoprotein, calculated.', [['VLDL Cholesterol Cal', '011919', 'vldlCalc']]),
  marker(1106, 'Non-HDL Cholesterol', '011909', 'Total cholesterol minus HDL: all atherogenic particles.', [['Non-HDL Cholesterol', '011909', 'nonHdl']]),
  marker(1107, 'T. Chol/HDL Ratio', '011849', 'Ratio of total cholesterol to HDL cholesterol.', [['T. Chol/HDL Ratio', '011849', 'cholesterolHdlRatio']]),
  marker(1201, 'Comprehensive Metabolic Panel (14)', '322000', 'Glucose, kidney and liver function, electrolytes and proteins.', [
    ['Glucose', '001818', 'glucose'],
    ['BUN', '001040', 'ureaNitrogen'],
    ['Creatinine', '001370', 'creatinine'],
    ['eGFR', '100791', 'egfr'],
    ['Sodium', '001198', 'sodium'],
    ['Potassium', '001180', 'potassium'],
    ['Chloride', '001206', 'chloride'],
    ['Carbon Dioxide, Total', '001578', 'carbonDioxide'],
    ['Calcium', '001016', 'calcium'],
    ['Protein, Total', '001073', 'protein'],
    ['Albumin', '001081', 'albumin'],
    ['Globulin, Total', '012039', 'globulin'],
    ['A/G Ratio', '011499', 'albuminGlobulinRatio'],
    ['Bilirubin, Total', '001099', 'bilirubin'],
    ['Alkaline Phosphatase', '001107', 'alkalinePhosphatase'],
    ['AST (SGOT)', '001123', 'ast'],
    ['ALT (SGPT)', '001545', 'alt'],
  ], { type: 'panel', price: '$18.00' }),
  marker(1301, 'Hemoglobin A1c', '001453', 'Average blood glucose over the past two to three months.', [
    ['Hemoglobin A1c', '001481', 'hba1c'],
    ['Estim. Avg Glu (eAG)', '001482', 'estimatedAverageGlucose'],
  ]),
  marker(1401, 'TSH', '004259', 'Thyroid-stimulating hormone, the first screen of thyroid function.', [['TSH', '004264', 'tsh']]),
  marker(1402, 'Free T4 (Direct)', '001974', 'Unbound thyroxine available to the tissues.', [['T4,Free(Direct)', '001975', 'freeT4']]),
  marker(1501, 'Vitamin D, 25-Hydroxy', '081950', 'Total 25-OH vitamin D, the body\'s vitamin D store.', [
    ['Vitamin D, 25-Hydroxy', '081951', 'vitaminDTotal'],
    ['25-Hydroxy D3', '081952', 'vitaminD3'],
  ], { price: '$39.00' }),
  marker(1601, 'CBC With Differential/Platelet', '005009', 'Red and white blood cells, hemoglobin and platelets.', [
    ['WBC', '005025', 'leukocytes'],
    ['RBC', '005033', 'erythrocytes'],
    ['Hemoglobin', '005041', 'hemoglobin'],
    ['Hematocrit', '005058', 'hematocrit'],
    ['MCV', '015065', 'mcv'],
    ['MCH', '015073', 'mch'],
    ['MCHC', '015081', 'mchc'],
    ['RDW', '105007', 'rdw'],
    ['Platelets', '015172', 'platelets'],
  ], { type: 'panel' }),
  marker(1701, 'Iron and TIBC', '001321', 'Serum iron with total and unsaturated iron-binding capacity.', [
    ['Iron', '001339', 'iron'],
    ['TIBC', '001348', 'ironBindingCapacity'],
    ['UIBC', '034412', 'unsaturatedIronBinding'],
    ['Iron Saturation', '001356', 'ironSaturation'],
  ], { type: 'panel' }),
  marker(1702, 'Ferritin', '004598', 'The protein that stores iron; low values mean depleted stores.', [['Ferritin', '004598', 'ferritin']]),
  marker(1801, 'Apolipoprotein B', '167015', 'One ApoB per atherogenic particle: a direct particle count.', [['Apolipoprotein B', '167015', 'apolipoproteinB']], { price: '$29.00' }),
  marker(1802, 'Lipoprotein (a)', '120188', 'A genetically determined, LDL-like particle that raises cardiovascular risk.', [['Lipoprotein (a)', '120188', 'lipoproteinA']], { price: '$35.00' }),
  marker(1803, 'C-Reactive Protein, Cardiac', '120766', 'High-sensitivity CRP, a marker of low-grade inflammation.', [['C-Reactive Protein, Cardiac', '120766', 'hsCrp']]),
  marker(1901, 'Vitamin B12', '001503', 'Cobalamin, needed for nerves and red blood cells.', [['Vitamin B12', '001503', 'vitaminB12']]),
  marker(1902, 'Magnesium', '001537', 'Serum magnesium.', [['Magnesium', '001537', 'magnesium']]),
  marker(1903, 'Uric Acid', '001057', 'The end product of purine metabolism; high values can cause gout.', [['Uric Acid', '001057', 'urate']]),
  marker(1904, 'Insulin', '004333', 'Fasting insulin, an early sign of insulin resistance.', [['Insulin', '004333', 'insulin']]),
  marker(1905, 'Testosterone', '004226', 'Total testosterone.', [['Testosterone', '004226', 'testosterone']], { price: '$24.00' }),
];

export const LAB_TESTS: readonly LabTestDefinition[] = [
  { id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a01', name: 'Lipid panel', markerIds: [1101, 1102, 1103, 1104, 1105, 1106, 1107] },
  { id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a02', name: 'Comprehensive metabolic panel', markerIds: [1201] },
  { id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a03', name: 'HbA1c', markerIds: [1301] },
  { id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a04', name: 'Thyroid panel (TSH, Free T4)', markerIds: [1401, 1402] },
  { id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a05', name: 'Vitamin D, 25-Hydroxy', markerIds: [1501] },
  { id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a06', name: 'Complete blood count (CBC)', markerIds: [1601] },
  { id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a07', name: 'Iron panel', markerIds: [1701, 1702] },
  { id: '5a1c6c3e-2f4b-4d8e-9b61-0c7d2f1e8a08', name: 'Heart health (ApoB, Lp(a), hs-CRP)', markerIds: [1801, 1802, 1803] },
];

export function markerById(id: number): MarkerDefinition | undefined {
  return MARKERS.find((m) => m.id === id);
}

export function labTestById(id: string): LabTestDefinition | undefined {
  const normalized = id.toLowerCase();
  return LAB_TESTS.find((t) => t.id === normalized);
}

export function loincId(key: LoincKey): number {
  return LOINC_IDS.get(key) ?? 0;
}
