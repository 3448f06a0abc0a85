import type { QuestionDifficulty } from "../../shared/taxonomy.ts";

/** The demo taxonomy: subjects in the UPSC syllabus order, each with its topics. */
export const DEMO_TAXONOMY: { subject: string; topics: string[] }[] = [
  {
    subject: "Polity",
    topics: [
      "Constitutional Framework",
      "Fundamental Rights",
      "Fundamental Duties",
      "Directive Principles",
      "Parliament",
      "Judiciary",
      "Federalism",
      "Elections",
      "Local Government",
      "Constitutional Bodies",
    ],
  },
  {
    subject: "History",
    topics: [
      "Ancient India",
      "Medieval India",
      "Modern India",
      "Freedom Struggle",
      "Art and Culture",
    ],
  },
  {
    subject: "Geography",
    topics: [
      "Physical Geography",
      "Indian Geography",
      "Climatology",
      "Rivers and Drainage",
      "World Geography",
    ],
  },
  {
    subject: "Economy",
    topics: [
      "Monetary Policy and Banking",
      "Inflation",
      "Fiscal Policy and Budget",
      "Taxation",
      "External Sector",
      "Capital Markets",
      "Planning and Institutions",
    ],
  },
  {
    subject: "Environment",
    topics: [
      "Biodiversity and Conservation",
      "Protected Areas",
      "Climate Change",
      "Environmental Conventions",
      "Pollution",
    ],
  },
  {
    subject: "Science and Technology",
    topics: ["Space", "Digital Technology", "Emerging Technologies", "Biotechnology", "Health"],
  },
  {
    subject: "Current Affairs",
    topics: [
      "International Relations",
      "Government Schemes",
      "Reports and Indices",
      "Awards and Events",
    ],
  },
  {
    subject: "CSAT Quantitative",
    topics: [
      "Arithmetic",
      "Percentages",
      "Averages",
      "Speed, Time and Distance",
      "Clocks and Calendars",
    ],
  },
  {
    subject: "CSAT Reasoning",
    topics: [
      "Number Series",
      "Blood Relations",
      "Direction Sense",
      "Coding-Decoding",
      "Logical Reasoning",
    ],
  },
  {
    subject: "CSAT Comprehension",
    topics: ["Reading Comprehension", "Inference", "Decision Making"],
  },
];

type Tag = readonly [subject: string, topic: string, difficulty: QuestionDifficulty];

const P = "Polity";
const H = "History";
const G = "Geography";
const E = "Economy";
const ENV = "Environment";
const ST = "Science and Technology";
const CA = "Current Affairs";
const QA = "CSAT Quantitative";
const R = "CSAT Reasoning";

/**
 * Every demo exam and quiz question's tags, by its English text (a question used in several
 * exams is tagged alike). `demoTagOf` throws for a question missing here, so new demo content
 * cannot ship untagged (demo-tags.api.test.ts).
 */
const TAGS: Record<string, Tag> = {
  // Exams: polity
  "Which Article of the Constitution of India abolishes untouchability?": [
    P,
    "Fundamental Rights",
    "easy",
  ],
  "The Right to Constitutional Remedies is guaranteed under which Article?": [
    P,
    "Fundamental Rights",
    "easy",
  ],
  "Who described Article 32 as the 'heart and soul' of the Constitution?": [
    P,
    "Fundamental Rights",
    "medium",
  ],
  "Fundamental Duties were added to the Constitution by which Amendment?": [
    P,
    "Fundamental Duties",
    "medium",
  ],
  "The idea of Directive Principles of State Policy was borrowed from the constitution of:": [
    P,
    "Directive Principles",
    "medium",
  ],
  "What is the minimum age to become a member of the Rajya Sabha?": [P, "Parliament", "easy"],
  "A Money Bill is defined in which Article of the Constitution?": [P, "Parliament", "medium"],
  // Exams: geography and environment
  "Which is the largest tiger reserve in India by area?": [ENV, "Protected Areas", "hard"],
  "The Tropic of Cancer does NOT pass through which of these states?": [
    G,
    "Indian Geography",
    "medium",
  ],
  "The Ramsar Convention is concerned with the conservation of:": [
    ENV,
    "Environmental Conventions",
    "easy",
  ],
  "Which gas is the most abundant in the Earth's atmosphere?": [G, "Climatology", "easy"],
  "The Montreal Protocol is an agreement to phase out:": [
    ENV,
    "Environmental Conventions",
    "medium",
  ],
  // Exams: history
  "In which year did Gandhi begin the Dandi March?": [H, "Freedom Struggle", "easy"],
  "Who founded the Indian National Congress in 1885?": [H, "Freedom Struggle", "medium"],
  "The Battle of Plassey was fought in:": [H, "Modern India", "easy"],
  "The Permanent Settlement of Bengal was introduced by:": [H, "Modern India", "medium"],
  "The Harappan site of Dholavira is in which present-day state?": [H, "Ancient India", "medium"],
  // Exams: economy
  "The repo rate is the rate at which:": [E, "Monetary Policy and Banking", "easy"],
  "GST was introduced through which Constitutional Amendment Act?": [E, "Taxation", "medium"],
  "NITI Aayog replaced which body in 2015?": [E, "Planning and Institutions", "easy"],
  "Fiscal deficit is best described as:": [E, "Fiscal Policy and Budget", "medium"],
  // Exams: CSAT
  "If 3 pens cost ₹45, how much do 7 pens cost?": [QA, "Arithmetic", "easy"],
  "Find the next number: 2, 6, 12, 20, 30, ?": [R, "Number Series", "medium"],
  "A train 120 m long passes a pole in 6 seconds. What is its speed?": [
    QA,
    "Speed, Time and Distance",
    "medium",
  ],
  "A is the brother of B, and B is the sister of C. How is A related to C?": [
    R,
    "Blood Relations",
    "hard",
  ],
  "What is the angle between the hands of a clock at 3:00?": [QA, "Clocks and Calendars", "easy"],
  "The average of the first five natural numbers is:": [QA, "Averages", "easy"],
  // Exams: questions in the shapes of the real paper (demo-questions.ts PAPER_STYLE)
  "Consider the following statements about the Rajya Sabha:\n1. It is a permanent body and is not subject to dissolution.\n2. One-third of its members retire every second year.\n3. A Money Bill can be introduced in it.\nWhich of the statements given above is/are correct?":
    [P, "Parliament", "medium"],
  "Match List-I (agreement) with List-II (what it protects):\n| List-I | List-II |\n| A. Ramsar Convention | 1. The ozone layer |\n| B. Montreal Protocol | 2. Wetlands |\n| C. CITES | 3. Migratory species |\n| D. Bonn Convention | 4. Wild species threatened by trade |\nSelect the correct answer using the code given below:":
    [ENV, "Environmental Conventions", "medium"],
  "Consider the following:\n**Assertion (A):** A rise in the repo rate tends to make bank loans costlier.\n**Reason (R):** The repo rate is the rate at which the RBI lends short-term funds to commercial banks.\nWhich one of the following is correct?":
    [E, "Monetary Policy and Banking", "medium"],
  // Exams: the "Prelims 2021 Pattern" paper (demo-questions.ts PYQ_2021)
  "Which Schedule of the Constitution contains the Union, State and Concurrent Lists?": [
    P,
    "Federalism",
    "easy",
  ],
  "Who presides over a joint sitting of the two Houses of Parliament?": [P, "Parliament", "medium"],
  "The writ of habeas corpus is issued to:": [P, "Fundamental Rights", "easy"],
  "The Non-Cooperation Movement was withdrawn after the incident at:": [
    H,
    "Freedom Struggle",
    "easy",
  ],
  "Who introduced the Subsidiary Alliance system?": [H, "Modern India", "medium"],
  "Which of these rivers flows westward into the Arabian Sea?": [G, "Rivers and Drainage", "easy"],
  "The retreating (north-east) monsoon brings most of the winter rainfall of:": [
    G,
    "Climatology",
    "medium",
  ],
  "Which of these is NOT a quantitative tool of monetary policy?": [
    E,
    "Monetary Policy and Banking",
    "medium",
  ],
  "The primary deficit is:": [E, "Fiscal Policy and Budget", "medium"],
  "The Kyoto Protocol is associated with:": [ENV, "Climate Change", "easy"],
  // Exams: the premium "Prelims 2025 Pattern" paper (demo-questions.ts PYQ_2025)
  "For how long can the Rajya Sabha hold back a Money Bill?": [P, "Parliament", "easy"],
  "Who appoints the judges of the Supreme Court of India?": [P, "Judiciary", "easy"],
  "The Quit India Movement was launched in:": [H, "Freedom Struggle", "easy"],
  "Which body compiles the all-India Consumer Price Index (Combined)?": [E, "Inflation", "medium"],
  "Kaziranga National Park is best known for the:": [ENV, "Protected Areas", "easy"],
  "Which is the highest peak of peninsular India?": [G, "Indian Geography", "medium"],
  // Quiz: Polity in the News
  "Which Article of the Constitution provides for the Goods and Services Tax Council?": [
    P,
    "Federalism",
    "medium",
  ],
  "The Finance Commission is constituted under which Article?": [
    P,
    "Constitutional Bodies",
    "easy",
  ],
  "A Money Bill can be introduced only in:": [P, "Parliament", "easy"],
  "Who decides whether a Bill is a Money Bill?": [P, "Parliament", "easy"],
  "The anti-defection law is contained in which Schedule?": [P, "Parliament", "medium"],
  // Quiz: economy
  "Who sets the policy repo rate in India?": [E, "Monetary Policy and Banking", "easy"],
  "India's inflation target under flexible inflation targeting is CPI inflation of:": [
    E,
    "Inflation",
    "medium",
  ],
  "Which index is used by the RBI as the main measure of inflation?": [E, "Inflation", "easy"],
  "The Standing Deposit Facility (SDF) of the RBI:": [E, "Monetary Policy and Banking", "hard"],
  // Quiz: environment
  "The 'Loss and Damage' fund was operationalised at which climate conference?": [
    ENV,
    "Climate Change",
    "medium",
  ],
  "Ramsar sites are:": [ENV, "Environmental Conventions", "easy"],
  "India's updated NDC commits to reducing the emissions intensity of GDP by 2030 (from 2005 levels) by:":
    [ENV, "Climate Change", "hard"],
  "Which body declares a species 'Critically Endangered' on the Red List?": [
    ENV,
    "Biodiversity and Conservation",
    "easy",
  ],
  "The Great Indian Bustard is found mainly in:": [ENV, "Biodiversity and Conservation", "medium"],
  // Quiz: international relations
  "Which country joined the G20 as a permanent member body at the New Delhi summit (2023)?": [
    CA,
    "International Relations",
    "medium",
  ],
  "The Quad comprises India, the USA, Japan and:": [CA, "International Relations", "easy"],
  "The India–Middle East–Europe Economic Corridor (IMEC) was announced at:": [
    CA,
    "International Relations",
    "medium",
  ],
  "The headquarters of the Shanghai Cooperation Organisation's secretariat is in:": [
    CA,
    "International Relations",
    "hard",
  ],
  "BIMSTEC links countries around the:": [CA, "International Relations", "easy"],
  // Quiz: schemes
  "PM-KISAN gives eligible farmer families how much a year?": [CA, "Government Schemes", "easy"],
  "Ayushman Bharat PM-JAY provides health cover per family per year of up to:": [
    CA,
    "Government Schemes",
    "easy",
  ],
  "The PM Vishwakarma scheme supports:": [CA, "Government Schemes", "medium"],
  "Jal Jeevan Mission aims to provide:": [CA, "Government Schemes", "easy"],
  "The PM SVANidhi scheme gives working-capital loans to:": [CA, "Government Schemes", "medium"],
  // Quiz: science and technology
  "Chandrayaan-3's lander touched down near which region of the Moon?": [ST, "Space", "easy"],
  "Aditya-L1 studies the Sun from near which point?": [ST, "Space", "medium"],
  "UPI is operated by:": [ST, "Digital Technology", "easy"],
  "The National Quantum Mission aims mainly to:": [ST, "Emerging Technologies", "medium"],
  "Gaganyaan is India's programme for:": [ST, "Space", "easy"],
  "The Digital Personal Data Protection Act was passed in:": [ST, "Digital Technology", "medium"],
  // Quiz: geography
  "The Shipki La pass connects Himachal Pradesh with:": [G, "Indian Geography", "hard"],
  "Which river is known as the 'Sorrow of Bihar'?": [G, "Rivers and Drainage", "easy"],
  "El Niño is associated with:": [G, "Climatology", "medium"],
  "The Indian Ocean Dipole is positive when:": [G, "Climatology", "hard"],
  "Which state has the longest coastline in India?": [G, "Indian Geography", "easy"],
  // Quiz: art and culture
  "Santiniketan was inscribed as a UNESCO World Heritage Site in:": [
    H,
    "Art and Culture",
    "medium",
  ],
  "The Hoysala temples of Belur and Halebidu are in:": [H, "Art and Culture", "easy"],
  "'Moidams', inscribed in 2024, are mound burials of the:": [H, "Art and Culture", "hard"],
  "Kathakali is a classical dance of:": [H, "Art and Culture", "easy"],
  "The Ajanta caves are mainly associated with:": [H, "Art and Culture", "easy"],
  // Quiz: economy (trade, banking and markets)
  "The Current Account Deficit measures:": [E, "External Sector", "easy"],
  "SEBI regulates:": [E, "Capital Markets", "easy"],
  "A 'bad bank' is meant to:": [E, "Monetary Policy and Banking", "medium"],
  "GST compensation to states was originally promised for:": [E, "Taxation", "medium"],
  "The Insolvency and Bankruptcy Code was enacted in:": [
    E,
    "Monetary Policy and Banking",
    "medium",
  ],
  "Which of these is a direct tax?": [E, "Taxation", "easy"],
  // Quiz: elections and local bodies
  "The Election Commission of India is provided for in:": [P, "Elections", "easy"],
  "Panchayati Raj institutions got constitutional status by the:": [P, "Local Government", "easy"],
  "The voting age was lowered from 21 to 18 by the:": [P, "Elections", "medium"],
  "The Women's Reservation Act (2023) reserves for women in the Lok Sabha and state assemblies:": [
    P,
    "Elections",
    "medium",
  ],
  "Who appoints the State Election Commissioner?": [P, "Local Government", "hard"],
  // Quiz: reports
  "Which body releases the World Economic Outlook?": [CA, "Reports and Indices", "easy"],
  "The Global Gender Gap Report is published by:": [CA, "Reports and Indices", "medium"],
  "The Human Development Index is published by:": [CA, "Reports and Indices", "easy"],
  "'State of the World's Forests' is a report of:": [CA, "Reports and Indices", "medium"],
  "The Ease of Living Index in India is released by:": [CA, "Reports and Indices", "hard"],
};

export type DemoTag = { subject: string; topic: string; difficulty: QuestionDifficulty };

export function demoTagOf(questionText: string): DemoTag {
  const tag = TAGS[questionText];
  if (!tag) throw new Error(`Demo question without tags: ${questionText}`);
  const [subject, topic, difficulty] = tag;
  const known = DEMO_TAXONOMY.find((s) => s.subject === subject)?.topics.includes(topic);
  if (!known) throw new Error(`Demo tag not in the demo taxonomy: ${subject} / ${topic}`);
  return { subject, topic, difficulty };
}
