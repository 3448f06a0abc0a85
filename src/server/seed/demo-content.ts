type DemoNews = { key: string; title: string; daysAgo: number; excerpt: string; content: string };

export const DEMO_NEWS: DemoNews[] = [
  {
    key: "gst-council",
    title: "Cooperative Federalism and the GST Council",
    daysAgo: 0,
    excerpt:
      "How the GST Council balances the fiscal autonomy of states with a single national market, and why its voting design matters for GS Paper II.",
    content:
      "<h2>Why it matters</h2><p>The GST Council, created by Article 279A, is the first constitutional body where the Union and the states decide tax policy together. The Union holds one-third of the votes and the states two-thirds, and a decision needs three-fourths of the weighted votes.</p><h3>Points for the answer</h3><ul><li>Shared sovereignty over indirect taxes after the 101st Amendment.</li><li>Compensation cess and the end of the guaranteed 14% growth window.</li><li>Disputes: the Mohit Minerals judgment held that Council recommendations are persuasive, not binding.</li></ul><p><strong>Way forward:</strong> a dispute-resolution mechanism and wider consultation before rate changes.</p>",
  },
  {
    key: "monsoon-agriculture",
    title: "Monsoon Variability and Indian Agriculture",
    daysAgo: 1,
    excerpt:
      "Rain-fed farming still covers about half of India's net sown area. A look at climate-resilient practices, crop insurance and irrigation efficiency.",
    content:
      "<p>About half of India's net sown area depends on rain. Erratic onset, long dry spells and extreme rainfall events hit kharif output and rural incomes.</p><h3>Policy levers</h3><ol><li>Micro-irrigation under <em>Per Drop More Crop</em>.</li><li>Crop diversification towards millets and pulses.</li><li>Faster claim settlement under the crop insurance scheme.</li></ol><blockquote>Link this to GS Paper III: agriculture, water resources and disaster management.</blockquote>",
  },
  {
    key: "semiconductor-mission",
    title: "India's Semiconductor Mission: Promise and Bottlenecks",
    daysAgo: 2,
    excerpt:
      "Fabrication plants need water, power, skills and a supplier base. What the incentive scheme offers and where the gaps remain.",
    content:
      "<p>Chips are the base of electronics, defence and automobiles. The India Semiconductor Mission offers fiscal support for fabs, display fabs and assembly, testing and packaging units.</p><h3>Challenges</h3><ul><li>Ultra-pure water and uninterrupted power.</li><li>A thin ecosystem of chemicals and gases suppliers.</li><li>Design talent that is strong, but mostly serves foreign firms.</li></ul><p>For the mains answer, connect it with supply-chain resilience and strategic autonomy.</p>",
  },
  {
    key: "judicial-appointments",
    title: "Judicial Appointments: The Collegium Debate",
    daysAgo: 3,
    excerpt:
      "From the Second Judges Case to the NJAC verdict: how judges are appointed, the criticism of opacity, and reforms worth writing about.",
    content:
      "<p>The collegium system grew out of the Second (1993) and Third (1998) Judges Cases. In 2015 the Supreme Court struck down the National Judicial Appointments Commission as a threat to judicial independence.</p><h3>Arguments</h3><p>Supporters cite independence from the executive; critics point to opacity, delays and a lack of diversity.</p><p><strong>Reforms:</strong> a finalised Memorandum of Procedure, time limits for both sides and published reasons.</p>",
  },
  {
    key: "mangroves",
    title: "Mangroves as Climate Shields",
    daysAgo: 4,
    excerpt:
      "Mangroves store carbon, break storm surges and nurture fisheries. Where India's mangroves are, what threatens them and what restoration needs.",
    content:
      "<p>India's mangroves are concentrated in the Sundarbans, the Andaman and Nicobar Islands and the Gulf of Kachchh. They store several times more carbon per hectare than most tropical forests.</p><h3>Threats</h3><ul><li>Aquaculture and reclamation.</li><li>Reduced freshwater flow from dammed rivers.</li><li>Sea-level rise squeezing the intertidal zone.</li></ul><p>Restoration succeeds when local communities share the benefits.</p>",
  },
];

/**
 * The demo plans promise only what the product does: their limits are shown from the plan's own
 * fields (premium exams and quizzes per period, attempts at each), so the features name the rest
 * of what a plan really opens, never notes, videos, mentors or live classes.
 */
export const DEMO_PLANS = [
  {
    key: "free",
    name: "Free",
    description: "Start preparing at no cost.",
    price: "0",
    durationDays: 0,
    examLimit: 3,
    attemptLimitPerExam: 1,
    features: [
      "Every free mock test and previous-year paper",
      "Daily current affairs quiz",
      "Daily news analysis",
    ],
  },
  {
    key: "monthly",
    name: "Pro Monthly",
    description: "Full practice for one month.",
    price: "299",
    durationDays: 30,
    examLimit: 20,
    attemptLimitPerExam: 3,
    features: [
      "Premium mock tests and test series papers",
      "Explanations for every question",
      "Rank, percentile and a report after each test",
    ],
  },
  {
    key: "quarterly",
    name: "Test Series Quarterly",
    description: "The full IAS test series for three months.",
    price: "799",
    durationDays: 90,
    examLimit: 50,
    attemptLimitPerExam: 5,
    features: [
      "The IAS test series with UPSC-style negative marking",
      "Rank and percentile among everyone who took the paper",
      "My Progress: accuracy by subject and study time",
    ],
  },
  {
    key: "yearly",
    name: "Premium Yearly",
    description: "Everything, for a full year.",
    price: "2499",
    durationDays: 365,
    examLimit: null,
    attemptLimitPerExam: null,
    features: [
      "Every premium mock test, test series paper and quiz",
      "Rank, percentile and a report after each test",
      "My Progress: accuracy by subject and study time",
    ],
  },
];
