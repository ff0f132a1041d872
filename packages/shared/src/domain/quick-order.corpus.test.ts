import { describe, expect, it } from 'vitest';
import { readOrderLine, readOrderText, totalsByCode, type ReadLine } from './quick-order.ts';

/**
 * Lines written the way the trade writes them, each with the reading a person would give it:
 * `[input, code, quantity, unit, pieces, words?]`, or `[input, 'unreadable', reason, code?]`, or
 * `[input, 'nothing']` for a blank or heading line. Several readings of one line are an array of
 * readings.
 */
type Item = readonly [
  code: string,
  quantity: number,
  unit: string,
  pieces: number,
  words?: readonly string[],
];
type Expected =
  | readonly [string, ...Item]
  | readonly [string, 'unreadable', 'no-code' | 'bad-quantity', string?]
  | readonly [string, 'nothing']
  | readonly [string, 'several', readonly Item[]];

const CORPUS: readonly Expected[] = [
  // The issue's own examples.
  ['RG-1001 x 24', 'RG-1001', 24, 'pcs', 24],
  ['rg1002 rose 12 pcs', 'rg1002', 12, 'pcs', 12, ['rose']],
  ['JH-33 2 dozen', 'JH-33', 2, 'dozen', 24],
  ['BG-7 – 1 gross', 'BG-7', 1, 'gross', 144],
  ['RG 1002 x 24', 'RG 1002', 24, 'pcs', 24],
  ['RG-1002 x 24', 'RG-1002', 24, 'pcs', 24],
  // Separators.
  ['RG-1001 × 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001×24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001x24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 X 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 - 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 – 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 — 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001: 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 : 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001\t24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001, 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001,24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 = 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 * 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001    24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 qty 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 qty: 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 Qty-24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 quantity 24', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 - 24 pcs', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 x 24 pcs.', 'RG-1001', 24, 'pcs', 24],
  // Units.
  ['ER-1005 12 pcs', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12pcs', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 pc', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 PCS', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 Pcs', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 pieces', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 piece', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 peices', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 nos', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 nos.', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12nos', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 no', 'ER-1005', 12, 'pcs', 12],
  ['ER-1005 12 pairs', 'ER-1005', 12, 'pairs', 12],
  ['ER-1005 12 pair', 'ER-1005', 12, 'pairs', 12],
  ['ER-1005 12 prs', 'ER-1005', 12, 'pairs', 12],
  ['ER-1005 1 pair', 'ER-1005', 1, 'pairs', 1],
  ['NK-2001 5 sets', 'NK-2001', 5, 'sets', 5],
  ['NK-2001 5 set', 'NK-2001', 5, 'sets', 5],
  ['NK-2001 5set', 'NK-2001', 5, 'sets', 5],
  ['NK-2001 1 set', 'NK-2001', 1, 'sets', 1],
  ['BR-3001 2 dozen', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 2 dozens', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 2 dz', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 2dz', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 2 DZ', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 2 dzn', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 2 doz', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 2doz.', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 1.5 dozen', 'BR-3001', 1.5, 'dozen', 18],
  ['BR-3001 half dozen', 'BR-3001', 0.5, 'dozen', 6],
  ['BR-3001 a dozen', 'BR-3001', 1, 'dozen', 12],
  ['BR-3001 one dozen', 'BR-3001', 1, 'dozen', 12],
  ['BR-3001 two dozen', 'BR-3001', 2, 'dozen', 24],
  ['BR-3001 three dozen', 'BR-3001', 3, 'dozen', 36],
  ['BR-3001 x 3 dozen', 'BR-3001', 3, 'dozen', 36],
  ['BR-3001 - 3 dz', 'BR-3001', 3, 'dozen', 36],
  ['BR-3001 dozen 3', 'BR-3001', 3, 'dozen', 36],
  ['BG-7 1 gross', 'BG-7', 1, 'gross', 144],
  ['BG-7 2 gross', 'BG-7', 2, 'gross', 288],
  ['BG-7 - 1 gross', 'BG-7', 1, 'gross', 144],
  ['BG-7 1 grs', 'BG-7', 1, 'gross', 144],
  ['BG-7 one gross', 'BG-7', 1, 'gross', 144],
  ['BG-7 a gross', 'BG-7', 1, 'gross', 144],
  ['BG-7 half gross', 'BG-7', 0.5, 'gross', 72],
  ['BG-7 1 Gross', 'BG-7', 1, 'gross', 144],
  // Code shapes.
  ['rg1001 24', 'rg1001', 24, 'pcs', 24],
  ['RG1001 24', 'RG1001', 24, 'pcs', 24],
  ['Rg-1001 24', 'Rg-1001', 24, 'pcs', 24],
  ['rg 1001 x 24', 'rg 1001', 24, 'pcs', 24],
  ['RG_1001 x 24', 'RG_1001', 24, 'pcs', 24],
  ['RG.1001 x 24', 'RG.1001', 24, 'pcs', 24],
  ['RG/1001 x 24', 'RG/1001', 24, 'pcs', 24],
  ['RG - 1001 x 24', 'RG - 1001', 24, 'pcs', 24],
  ['NK-G1001 x 6', 'NK-G1001', 6, 'pcs', 6],
  ['nk-g1001 x 6', 'nk-g1001', 6, 'pcs', 6],
  ['NKG1001 x 6', 'NKG1001', 6, 'pcs', 6],
  ['NK-P1004 6 pcs', 'NK-P1004', 6, 'pcs', 6],
  ['ER-1001A x 6', 'ER-1001A', 6, 'pcs', 6],
  ['ER-1001a 6 pairs', 'ER-1001a', 6, 'pairs', 6],
  ['JH-33 x 10', 'JH-33', 10, 'pcs', 10],
  ['jh33 10', 'jh33', 10, 'pcs', 10],
  ['JH 33 - 10', 'JH 33', 10, 'pcs', 10],
  ['BX-0000123 x 5', 'BX-0000123', 5, 'pcs', 5],
  ['PD-2001 3', 'PD-2001', 3, 'pcs', 3],
  ['P-77 x 3', 'P-77', 3, 'pcs', 3],
  ['ABCDEF-12 x 3', 'ABCDEF-12', 3, 'pcs', 3],
  // Quantity before the code.
  ['24 x RG-1001', 'RG-1001', 24, 'pcs', 24],
  ['24 pcs RG-1001', 'RG-1001', 24, 'pcs', 24],
  ['2 dozen JH-33', 'JH-33', 2, 'dozen', 24],
  ['2 dz of JH-33', 'JH-33', 2, 'dozen', 24],
  ['1 gross BG-7', 'BG-7', 1, 'gross', 144],
  ['6 pairs ER-1005', 'ER-1005', 6, 'pairs', 6],
  ['12 - RG-1001', 'RG-1001', 12, 'pcs', 12],
  ['qty 12 RG-1001', 'RG-1001', 12, 'pcs', 12],
  // Devanagari digits.
  ['RG-1001 x २४', 'RG-1001', 24, 'pcs', 24],
  ['RG-1001 २४ pcs', 'RG-1001', 24, 'pcs', 24],
  ['RG-१००१ x २४', 'RG-1001', 24, 'pcs', 24],
  ['JH-33 २ दर्जन', 'JH-33', 2, 'dozen', 24],
  ['BG-7 १ ग्रोस', 'BG-7', 1, 'gross', 144],
  ['ER-1005 ६ जोड़ी', 'ER-1005', 6, 'pairs', 6],
  ['NK-2001 ५ सेट', 'NK-2001', 5, 'sets', 5],
  ['RG-1001 १२ पीस', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 १२ नग', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 - १०', 'RG-1001', 10, 'pcs', 10],
  ['RG-1001 : १००', 'RG-1001', 100, 'pcs', 100],
  ['RG-1001 १.५ दर्जन', 'RG-1001', 1.5, 'dozen', 18],
  // Hindi words.
  ['JH-33 दो दर्जन', 'JH-33', 2, 'dozen', 24],
  ['JH-33 एक दर्जन', 'JH-33', 1, 'dozen', 12],
  ['JH-33 तीन दर्जन', 'JH-33', 3, 'dozen', 36],
  ['JH-33 आधा दर्जन', 'JH-33', 0.5, 'dozen', 6],
  ['JH-33 2 दर्जन', 'JH-33', 2, 'dozen', 24],
  ['JH-33 2 दरजन', 'JH-33', 2, 'dozen', 24],
  ['JH-33 2 डज़न', 'JH-33', 2, 'dozen', 24],
  ['BG-7 एक ग्रोस', 'BG-7', 1, 'gross', 144],
  ['BG-7 1 गुरोस', 'BG-7', 1, 'gross', 144],
  ['ER-1005 दस जोड़ी', 'ER-1005', 10, 'pairs', 10],
  ['ER-1005 5 जोड़े', 'ER-1005', 5, 'pairs', 5],
  ['NK-2001 चार सेट', 'NK-2001', 4, 'sets', 4],
  ['RG-1001 बारह पीस', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 बीस नग', 'RG-1001', 20, 'pcs', 20],
  ['RG-1001 12 नग गुलाबी', 'RG-1001', 12, 'pcs', 12, ['गुलाबी']],
  ['RG-1001 2 darjan', 'RG-1001', 2, 'dozen', 24],
  ['RG-1001 do darjan', 'RG-1001', 2, 'dozen', 24],
  ['RG-1001 12 nag', 'RG-1001', 12, 'pcs', 12],
  ['ER-1005 6 jodi', 'ER-1005', 6, 'pairs', 6],
  ['RG-1001 x 12 चाहिए', 'RG-1001', 12, 'pcs', 12],
  // Finish and colour words.
  ['RG-1001 rose gold 12', 'RG-1001', 12, 'pcs', 12, ['rose', 'gold']],
  ['RG-1001 gold x 12', 'RG-1001', 12, 'pcs', 12, ['gold']],
  ['RG-1001 silver 12 pcs', 'RG-1001', 12, 'pcs', 12, ['silver']],
  ['RG-1001 oxidised 12', 'RG-1001', 12, 'pcs', 12, ['oxidised']],
  ['RG-1001 oxidized - 12', 'RG-1001', 12, 'pcs', 12, ['oxidized']],
  ['RG-1001 x 12 rhodium', 'RG-1001', 12, 'pcs', 12, ['rhodium']],
  ['RG-1001 x 12 (black)', 'RG-1001', 12, 'pcs', 12, ['black']],
  ['RG-1001 12 pcs antique finish', 'RG-1001', 12, 'pcs', 12, ['antique']],
  ['ER-1005 red 6 pairs', 'ER-1005', 6, 'pairs', 6, ['red']],
  ['ER-1005 green & red 6 pairs', 'ER-1005', 6, 'pairs', 6, ['green', 'red']],
  ['ER-1005 kundan 6 prs', 'ER-1005', 6, 'pairs', 6, ['kundan']],
  ['NK-2001 pearl 2 sets', 'NK-2001', 2, 'sets', 2, ['pearl']],
  ['NK-2001 matte gold 2 sets', 'NK-2001', 2, 'sets', 2, ['matte', 'gold']],
  ['BR-3001 2 dz white', 'BR-3001', 2, 'dozen', 24, ['white']],
  ['BR-3001 सुनहरा 2 दर्जन', 'BR-3001', 2, 'dozen', 24, ['सुनहरा']],
  ['BR-3001 चांदी 12', 'BR-3001', 12, 'pcs', 12, ['चांदी']],
  ['rg1002 ROSE 12 pcs', 'rg1002', 12, 'pcs', 12, ['rose']],
  // WhatsApp and list formats.
  ['[03/12/26, 10:15] Ramesh Jain: RG-1001 x 12', 'RG-1001', 12, 'pcs', 12],
  ['[3/12/2026, 10:15:22 AM] Ramesh: JH-33 2 dz', 'JH-33', 2, 'dozen', 24],
  ['03/12/26, 10:15 - Ramesh: BG-7 1 gross', 'BG-7', 1, 'gross', 144],
  ['3/12/26, 9:05 pm - Sunita Gems: ER-1005 6 pairs', 'ER-1005', 6, 'pairs', 6],
  ['1. RG-1001 x 12', 'RG-1001', 12, 'pcs', 12],
  ['2) RG-1002 x 6', 'RG-1002', 6, 'pcs', 6],
  ['(3) RG-1003 x 6', 'RG-1003', 6, 'pcs', 6],
  ['- RG-1004 x 6', 'RG-1004', 6, 'pcs', 6],
  ['• RG-1005 x 6', 'RG-1005', 6, 'pcs', 6],
  ['* RG-1006 - 6', 'RG-1006', 6, 'pcs', 6],
  ['10. RG-1010 x 3 dozen', 'RG-1010', 3, 'dozen', 36],
  ['RG-1001 x 12 pls', 'RG-1001', 12, 'pcs', 12],
  ['Pls send RG-1001 x 12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 12 pcs urgent', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 x 12 👍', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 x 12.', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 - 12 nos each', 'RG-1001', 12, 'pcs', 12],
  // Spreadsheet rows (cells joined by tabs).
  ['RG-1001\t12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001\t12\tpcs', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001\t2\tdozen', 'RG-1001', 2, 'dozen', 24],
  ['1\tRG-1001\t12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001\tSilver ring\t12', 'RG-1001', 12, 'pcs', 12, ['silver']],
  ['RG-1001\tRose\t12\tpcs', 'RG-1001', 12, 'pcs', 12, ['rose']],
  ['RG-1001\t\t12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 | 12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001\t12\t350', 'RG-1001', 12, 'pcs', 12],
  // Prices and sizes beside the quantity.
  ['RG-1001 x 12 @ 350', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 x 12 @350', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 12 pcs Rs. 350', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 12 pcs ₹350', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 size 7 x 12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 size 7 - 12 pcs', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 6mm 12 pcs', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 12 pcs 5 gm', 'RG-1001', 12, 'pcs', 12],
  // Large and thousands.
  ['RG-1001 x 1000', 'RG-1001', 1000, 'pcs', 1000],
  ['RG-1001 x 1,000', 'RG-1001', 1000, 'pcs', 1000],
  ['RG-1001 x 10000', 'RG-1001', 10000, 'pcs', 10000],
  ['RG-1001 x 69 gross', 'RG-1001', 69, 'gross', 9936],
  ['RG-1001 500 pcs', 'RG-1001', 500, 'pcs', 500],
  // A code and no quantity: one piece.
  ['RG-1001', 'RG-1001', 1, 'pcs', 1],
  ['rg1001', 'rg1001', 1, 'pcs', 1],
  ['RG-1001 rose', 'RG-1001', 1, 'pcs', 1, ['rose']],
  ['  RG-1001  ', 'RG-1001', 1, 'pcs', 1],
  // Typos in codes are read as written (the server offers the closest designs).
  ['RG-1O01 x 12', 'RG-1O01', 12, 'pcs', 12],
  ['RG-10001 x 12', 'RG-10001', 12, 'pcs', 12],
  ['GR-1001 x 12', 'GR-1001', 12, 'pcs', 12],
  ['RGG-1001 x 12', 'RGG-1001', 12, 'pcs', 12],
  ['RG1001 x12', 'RG1001', 12, 'pcs', 12],
  ['RG-1001x 12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 x12pcs', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 12pc', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 12 pcz', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 12 peice', 'RG-1001', 12, 'pcs', 12],
  ['BR-3001 2 dozan', 'BR-3001', 2, 'dozen', 24],
  ['BG-7 1 gros', 'BG-7', 1, 'gross', 144],
  // Several codes on one line.
  [
    'RG-1001 x 2, RG-1002 x 3',
    'several',
    [
      ['RG-1001', 2, 'pcs', 2],
      ['RG-1002', 3, 'pcs', 3],
    ],
  ],
  [
    'RG-1001 - 2 dz; JH-33 - 1 gross',
    'several',
    [
      ['RG-1001', 2, 'dozen', 24],
      ['JH-33', 1, 'gross', 144],
    ],
  ],
  [
    'RG-1001 x 6 rose, RG-1002 x 6 gold, RG-1003 x 6',
    'several',
    [
      ['RG-1001', 6, 'pcs', 6, ['rose']],
      ['RG-1002', 6, 'pcs', 6, ['gold']],
      ['RG-1003', 6, 'pcs', 6],
    ],
  ],
  // Blank lines and headings: nothing to read (the row still counts).
  ['', 'nothing'],
  ['   ', 'nothing'],
  ['\t\t', 'nothing'],
  ['Code\tQty', 'nothing'],
  ['Design No.\tPcs', 'nothing'],
  ['Item Code | Quantity', 'nothing'],
  ['S.No\tCode\tQty\tRemarks', 'nothing'],
  ['Code, Quantity', 'nothing'],
  // Junk: listed as unreadable.
  ['Hello sir', 'unreadable', 'no-code'],
  ['Please send the following', 'unreadable', 'no-code'],
  ['Thanks', 'unreadable', 'no-code'],
  ['🙏🙏', 'unreadable', 'no-code'],
  ['----------', 'unreadable', 'no-code'],
  ['12 pcs', 'unreadable', 'no-code'],
  ['2 dozen rings', 'unreadable', 'no-code'],
  ['total 240 pcs', 'unreadable', 'no-code'],
  ['rose 12', 'unreadable', 'no-code'],
  ['नमस्ते जी', 'unreadable', 'no-code'],
  ['ये भेज दो', 'unreadable', 'no-code'],
  ['<Media omitted>', 'unreadable', 'no-code'],
  ['[03/12/26, 10:16] Ramesh Jain: ok', 'unreadable', 'no-code'],
  ['12345', 'unreadable', 'no-code'],
  ['x 12', 'unreadable', 'no-code'],
  // Quantities that cannot be sold.
  ['RG-1001 x 0', 'unreadable', 'bad-quantity', 'RG-1001'],
  ['RG-1001 x 20000', 'unreadable', 'bad-quantity', 'RG-1001'],
  ['RG-1001 x 100 gross', 'unreadable', 'bad-quantity', 'RG-1001'],
  ['RG-1001 x 1.5', 'unreadable', 'bad-quantity', 'RG-1001'],
  ['RG-1001 1.3 dozen', 'unreadable', 'bad-quantity', 'RG-1001'],
  ['RG-1001 dozen', 'unreadable', 'bad-quantity', 'RG-1001'],
  ['RG-1001 half pcs', 'unreadable', 'bad-quantity', 'RG-1001'],
  // Duplicates (each read; their pieces add up, tested below).
  ['RG-1001 x 12', 'RG-1001', 12, 'pcs', 12],
  ['rg 1001 - 1 dz', 'rg 1001', 1, 'dozen', 12],
  ['RG1001 6', 'RG1001', 6, 'pcs', 6],
  // More of the trade's ways.
  ['EAR-1005 x 6 pairs', 'EAR-1005', 6, 'pairs', 6],
  ['RING-1001 x 6', 'RING-1001', 6, 'pcs', 6],
  ['RG-1001 - 6 +', 'RG-1001', 6, 'pcs', 6],
  ['RG-1001 (12)', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 [12 pcs]', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 ->12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 => 12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 ~ 12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 - twelve pcs', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 six pairs', 'RG-1001', 6, 'pairs', 6],
  ['RG-1001 ek set', 'RG-1001', 1, 'sets', 1],
  ['RG-1001 x 2 sets gold', 'RG-1001', 2, 'sets', 2, ['gold']],
  ['rg-1001 x 2 SETS', 'rg-1001', 2, 'sets', 2],
  ['NK-2001 Set x 2', 'NK-2001', 2, 'sets', 2],
  ['NK-2001 sets: 2', 'NK-2001', 2, 'sets', 2],
  ['PD-2001 pcs 10', 'PD-2001', 10, 'pcs', 10],
  ['PD-2001 nos 10', 'PD-2001', 10, 'pcs', 10],
  // Harder ways: half and quarter words, fractions, several codes without a comma.
  ['JH-33 डेढ़ दर्जन', 'JH-33', 1.5, 'dozen', 18],
  ['JH-33 ढाई दर्जन', 'JH-33', 2.5, 'dozen', 30],
  ['JH-33 dedh dozen', 'JH-33', 1.5, 'dozen', 18],
  ['JH-33 1 1/2 dozen', 'JH-33', 1.5, 'dozen', 18],
  ['JH-33 two and a half dozen', 'JH-33', 2.5, 'dozen', 30],
  [
    'RG-1001 x 12 + RG-1002 x 6',
    'several',
    [
      ['RG-1001', 12, 'pcs', 12],
      ['RG-1002', 6, 'pcs', 6],
    ],
  ],
  ['RG 1001 12 pcs', 'RG 1001', 12, 'pcs', 12],
  ['Ring RG-1001 x 12', 'RG-1001', 12, 'pcs', 12],
  ['RG-1001 12 pc rose gold plated', 'RG-1001', 12, 'pcs', 12, ['rose', 'gold']],
];

/**
 * The lines of the corpus the reader does not read as written above, kept in step with it (the
 * test fails when a line starts or stops being missed): a fraction written as "1 1/2", "and a
 * half", and codes joined by "+".
 */
const KNOWN_MISSES = ['JH-33 1 1/2 dozen', 'JH-33 two and a half dozen', 'RG-1001 x 12 + RG-1002 x 6'];

const READINGS_ASKED = CORPUS.length;

function asItem(line: ReadLine) {
  if (line.kind !== 'item') return line.kind;
  const base = [line.code, line.quantity, line.unit, line.pieces] as const;
  return line.words.length ? [...base, line.words] : [...base];
}

/** What the reader gives for one line, in the corpus's notation. */
function reading(input: string): unknown {
  const lines = readOrderLine(input, 1);
  if (!lines.length) return [input, 'nothing'];
  if (lines.length > 1) return [input, 'several', lines.map(asItem)];
  const [line] = lines;
  if (line!.kind === 'unreadable')
    return line!.code ? [input, 'unreadable', line!.reason, line!.code] : [input, 'unreadable', line!.reason];
  return [input, ...(asItem(line!) as unknown[])];
}

describe('the quick-order reader on lines written the way buyers write them', () => {
  it('holds at least 200 lines', () => {
    expect(READINGS_ASKED).toBeGreaterThanOrEqual(200);
  });

  it('reads at least 98% of them exactly (the misses are listed)', () => {
    const misses = CORPUS.filter(
      (expected) => JSON.stringify(reading(expected[0])) !== JSON.stringify(expected),
    ).map((expected) => ({ expected, read: reading(expected[0]) }));
    const exact = (READINGS_ASKED - misses.length) / READINGS_ASKED;
    // Printed so a run shows which lines were missed and how they were read.
    if (misses.length)
      console.info(`quick-order corpus misses (${misses.length}):\n${JSON.stringify(misses, null, 1)}`);
    expect(misses.map((m) => m.expected[0])).toEqual(KNOWN_MISSES);
    expect(exact).toBeGreaterThanOrEqual(0.98);
  });

  it('counts rows from 1 with blank lines included, and leaves blank lines out', () => {
    const text = 'RG-1001 x 2\n\n\nJH-33 1 dz\r\nhello\n\nBG-7 1 gross\n';
    const lines = readOrderText(text);
    expect(lines.map((l) => [l.row, l.kind])).toEqual([
      [1, 'item'],
      [4, 'item'],
      [5, 'unreadable'],
      [7, 'item'],
    ]);
  });

  it('adds up the pieces of duplicate codes however the code is written', () => {
    const lines = readOrderText('RG-1001 x 12\nrg 1001 - 1 dz\nRG1001 6\nJH-33 2\nrg-1001 half dozen');
    expect(Object.fromEntries(totalsByCode(lines))).toEqual({ rg1001: 36, jh33: 2 });
  });

  it('reads the whole corpus as one paste with every row where it was', () => {
    const text = CORPUS.map((e) => e[0]).join('\n');
    const lines = readOrderText(text);
    const rows = new Set(lines.map((l) => l.row));
    CORPUS.forEach((expected, i) => {
      expect(rows.has(i + 1)).toBe(expected[1] !== 'nothing');
    });
  });
});
