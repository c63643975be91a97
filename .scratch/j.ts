import { parseJson } from '../src/scenarios/parse-json.ts';
for (const t of ['{"a": 1,}', '{\n  "a": 1\n  "b": 2\n}', '[1, 2', '{"a": tru}', '{"a": "x\ny"}', '{"a": 01}', '{} x', '', '{"a":1}', '{"a": -}', '{"a": "\\q"}'])
  console.log(JSON.stringify(t), JSON.stringify(parseJson(t)));
