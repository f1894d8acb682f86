// A notebook recorded with `run --sandbox --record` and replayed with `run --fixtures` by the command's
// tests: three paged reads (users, resolve, blood pressure) and a date compared with a literal at line 23.
export const RECORDED_FINDING_NOTEBOOK = `---
environment: local
---

\`\`\`http
GET /v2/user/?limit=4

let clientUserId = users[1].client_user_id
expect count users >= 5
\`\`\`

\`\`\`http
GET /v2/user/resolve/{{clientUserId}}

let userId = user_id
expect status 200
\`\`\`

\`\`\`http
GET /v2/timeseries/{{userId}}/blood_pressure/grouped?range=last30

expect count readings >= 1
expect readings[0].timestamp > {{today}}
expect no deviations
\`\`\`
`;
