import type { OptionKey } from "../../shared/constants.ts";

export type DemoQuestion = {
  text: string;
  options: [string, string, string, string];
  answer: OptionKey;
  explanation: string;
  /** The Hindi version, in the same markup and option order (the key is the same letter). */
  hi?: { text: string; options: [string, string, string, string]; explanation: string };
};

export const POLITY: DemoQuestion[] = [
  {
    text: "Which Article of the Constitution of India abolishes untouchability?",
    options: ["Article 14", "Article 21", "Article 19", "Article 17"],
    answer: "D",
    explanation: "Article 17 abolishes untouchability and forbids its practice in any form.",
  },
  {
    text: "The Right to Constitutional Remedies is guaranteed under which Article?",
    options: ["Article 30", "Article 32", "Article 226", "Article 368"],
    answer: "B",
    explanation: "Article 32 lets a person move the Supreme Court to enforce Fundamental Rights.",
  },
  {
    text: "Who described Article 32 as the 'heart and soul' of the Constitution?",
    options: ["B. R. Ambedkar", "Jawaharlal Nehru", "Sardar Patel", "Rajendra Prasad"],
    answer: "A",
    explanation: "Dr B. R. Ambedkar said so in the Constituent Assembly debates.",
  },
  {
    text: "Fundamental Duties were added to the Constitution by which Amendment?",
    options: ["42nd Amendment", "44th Amendment", "52nd Amendment", "73rd Amendment"],
    answer: "A",
    explanation:
      "The 42nd Amendment (1976) added Part IV-A on the Swaran Singh Committee's advice.",
  },
  {
    text: "The idea of Directive Principles of State Policy was borrowed from the constitution of:",
    options: ["the USA", "the UK", "Ireland", "Canada"],
    answer: "C",
    explanation: "The DPSP were inspired by the Irish Constitution of 1937.",
  },
  {
    text: "What is the minimum age to become a member of the Rajya Sabha?",
    options: ["25 years", "21 years", "35 years", "30 years"],
    answer: "D",
    explanation: "Article 84 sets 30 years for the Council of States and 25 for the Lok Sabha.",
  },
  {
    text: "A Money Bill is defined in which Article of the Constitution?",
    options: ["Article 110", "Article 112", "Article 108", "Article 123"],
    answer: "A",
    explanation: "Article 110 defines a Money Bill; the Speaker certifies it.",
  },
];

export const GEOGRAPHY: DemoQuestion[] = [
  {
    text: "Which is the largest tiger reserve in India by area?",
    options: ["Jim Corbett", "Bandipur", "Sundarbans", "Nagarjunsagar-Srisailam"],
    answer: "D",
    explanation: "Nagarjunsagar-Srisailam, across Andhra Pradesh and Telangana, is the largest.",
  },
  {
    text: "The Tropic of Cancer does NOT pass through which of these states?",
    options: ["Rajasthan", "Odisha", "Chhattisgarh", "Tripura"],
    answer: "B",
    explanation: "It crosses eight states from Gujarat to Mizoram; Odisha is not one of them.",
  },
  {
    text: "The Ramsar Convention is concerned with the conservation of:",
    options: ["Wetlands", "The ozone layer", "Migratory species", "Deserts"],
    answer: "A",
    explanation: "The 1971 Ramsar Convention protects wetlands of international importance.",
  },
  {
    text: "Which gas is the most abundant in the Earth's atmosphere?",
    options: ["Oxygen", "Argon", "Nitrogen", "Carbon dioxide"],
    answer: "C",
    explanation: "Nitrogen makes up about 78 per cent of dry air by volume.",
  },
  {
    text: "The Montreal Protocol is an agreement to phase out:",
    options: ["Greenhouse gases", "Mercury", "Plastic waste", "Ozone-depleting substances"],
    answer: "D",
    explanation: "The 1987 Protocol phases out CFCs and other ozone-depleting substances.",
  },
];

export const HISTORY: DemoQuestion[] = [
  {
    text: "In which year did Gandhi begin the Dandi March?",
    options: ["1920", "1930", "1942", "1919"],
    answer: "B",
    explanation: "The Salt March began at Sabarmati on 12 March 1930.",
  },
  {
    text: "Who founded the Indian National Congress in 1885?",
    options: ["Dadabhai Naoroji", "Surendranath Banerjee", "W. C. Bonnerjee", "A. O. Hume"],
    answer: "D",
    explanation:
      "Allan Octavian Hume, a retired civil servant, founded it; W. C. Bonnerjee presided.",
  },
  {
    text: "The Battle of Plassey was fought in:",
    options: ["1757", "1764", "1761", "1857"],
    answer: "A",
    explanation: "Robert Clive defeated Siraj-ud-Daulah at Plassey in June 1757.",
  },
  {
    text: "The Permanent Settlement of Bengal was introduced by:",
    options: ["Lord Wellesley", "Lord Cornwallis", "Lord Dalhousie", "Warren Hastings"],
    answer: "B",
    explanation: "Lord Cornwallis introduced it in 1793, fixing land revenue with zamindars.",
  },
  {
    text: "The Harappan site of Dholavira is in which present-day state?",
    options: ["Rajasthan", "Haryana", "Gujarat", "Punjab"],
    answer: "C",
    explanation: "Dholavira lies in the Rann of Kutch, Gujarat; it is a World Heritage Site.",
  },
];

export const ECONOMY: DemoQuestion[] = [
  {
    text: "The repo rate is the rate at which:",
    options: [
      "the RBI lends to commercial banks",
      "banks lend to the RBI",
      "banks lend to their best customers",
      "the government borrows abroad",
    ],
    answer: "A",
    explanation: "Repo is the RBI's short-term lending rate to banks against securities.",
  },
  {
    text: "GST was introduced through which Constitutional Amendment Act?",
    options: ["99th", "100th", "101st", "102nd"],
    answer: "C",
    explanation: "The 101st Amendment Act, 2016 inserted Article 246A and the GST Council.",
  },
  {
    text: "NITI Aayog replaced which body in 2015?",
    options: [
      "Finance Commission",
      "Planning Commission",
      "National Development Council",
      "Inter-State Council",
    ],
    answer: "B",
    explanation: "NITI Aayog replaced the Planning Commission on 1 January 2015.",
  },
  {
    text: "Fiscal deficit is best described as:",
    options: [
      "total expenditure minus revenue receipts",
      "primary deficit plus interest payments minus borrowings",
      "revenue expenditure minus revenue receipts",
      "total expenditure minus total receipts other than borrowings",
    ],
    answer: "D",
    explanation: "It measures the government's total borrowing requirement for the year.",
  },
];

export const CSAT: DemoQuestion[] = [
  {
    text: "If 3 pens cost ₹45, how much do 7 pens cost?",
    options: ["₹95", "₹105", "₹115", "₹135"],
    answer: "B",
    explanation: "One pen costs ₹15, so seven cost ₹105.",
  },
  {
    text: "Find the next number: 2, 6, 12, 20, 30, ?",
    options: ["40", "48", "44", "42"],
    answer: "D",
    explanation: "The differences are 4, 6, 8, 10, so the next is 30 + 12 = 42.",
  },
  {
    text: "A train 120 m long passes a pole in 6 seconds. What is its speed?",
    options: ["60 km/h", "66 km/h", "72 km/h", "80 km/h"],
    answer: "C",
    explanation: "20 m/s × 18/5 = 72 km/h.",
  },
  {
    text: "A is the brother of B, and B is the sister of C. How is A related to C?",
    options: ["Brother", "Sister", "Cousin", "Cannot be determined"],
    answer: "A",
    explanation: "A is male and shares parents with B and C, so A is C's brother.",
  },
  {
    text: "What is the angle between the hands of a clock at 3:00?",
    options: ["60°", "75°", "90°", "120°"],
    answer: "C",
    explanation: "Each hour mark is 30°, so three hours apart is 90°.",
  },
  {
    text: "The average of the first five natural numbers is:",
    options: ["2.5", "3", "3.5", "5"],
    answer: "B",
    explanation: "(1 + 2 + 3 + 4 + 5) / 5 = 3.",
  },
];

/**
 * Questions in the shapes of the real paper, in the question markup
 * (src/shared/question-markup.ts): numbered statements, a List-I/List-II table, and an
 * assertion and its reason.
 */
export const PAPER_STYLE: DemoQuestion[] = [
  {
    text: [
      "Consider the following statements about the Rajya Sabha:",
      "1. It is a permanent body and is not subject to dissolution.",
      "2. One-third of its members retire every second year.",
      "3. A Money Bill can be introduced in it.",
      "Which of the statements given above is/are correct?",
    ].join("\n"),
    options: ["1 and 3 only", "2 and 3 only", "1, 2 and 3", "1 and 2 only"],
    answer: "D",
    explanation: [
      "1. Correct: Article 83(1) says the Council of States is not subject to dissolution.",
      "2. Correct: a third of its members retire on the expiry of every second year.",
      "3. Incorrect: a Money Bill is introduced only in the Lok Sabha (Article 109).",
    ].join("\n"),
    hi: {
      text: [
        "राज्यसभा के संबंध में निम्नलिखित कथनों पर विचार कीजिए:",
        "1. यह एक स्थायी सदन है और इसका विघटन नहीं होता।",
        "2. इसके एक-तिहाई सदस्य हर दूसरे वर्ष सेवानिवृत्त होते हैं।",
        "3. धन विधेयक इसमें प्रस्तुत किया जा सकता है।",
        "उपर्युक्त कथनों में से कौन-सा/से सही है/हैं?",
      ].join("\n"),
      options: ["केवल 1 और 3", "केवल 2 और 3", "1, 2 और 3", "केवल 1 और 2"],
      explanation: [
        "1. सही: अनुच्छेद 83(1) के अनुसार राज्यसभा का विघटन नहीं होता।",
        "2. सही: हर दूसरे वर्ष की समाप्ति पर इसके एक-तिहाई सदस्य सेवानिवृत्त होते हैं।",
        "3. गलत: धन विधेयक केवल लोकसभा में प्रस्तुत किया जाता है (अनुच्छेद 109)।",
      ].join("\n"),
    },
  },
  {
    text: [
      "Match List-I (agreement) with List-II (what it protects):",
      "| List-I | List-II |",
      "| A. Ramsar Convention | 1. The ozone layer |",
      "| B. Montreal Protocol | 2. Wetlands |",
      "| C. CITES | 3. Migratory species |",
      "| D. Bonn Convention | 4. Wild species threatened by trade |",
      "Select the correct answer using the code given below:",
    ].join("\n"),
    options: [
      "A-2, B-1, C-3, D-4",
      "A-1, B-2, C-4, D-3",
      "A-2, B-1, C-4, D-3",
      "A-3, B-1, C-4, D-2",
    ],
    answer: "C",
    explanation:
      "Ramsar (1971) protects wetlands, Montreal (1987) the ozone layer, CITES (1973) regulates trade in endangered wild species, and the Bonn Convention (1979) protects migratory species.",
    hi: {
      text: [
        "सूची-I (समझौता) को सूची-II (किसका संरक्षण) से सुमेलित कीजिए:",
        "| सूची-I | सूची-II |",
        "| A. रामसर अभिसमय | 1. ओज़ोन परत |",
        "| B. मॉन्ट्रियल प्रोटोकॉल | 2. आर्द्रभूमियाँ |",
        "| C. साइटीज़ (CITES) | 3. प्रवासी प्रजातियाँ |",
        "| D. बॉन अभिसमय | 4. व्यापार से संकटग्रस्त वन्य प्रजातियाँ |",
        "नीचे दिए गए कूट का प्रयोग कर सही उत्तर चुनिए:",
      ].join("\n"),
      options: [
        "A-2, B-1, C-3, D-4",
        "A-1, B-2, C-4, D-3",
        "A-2, B-1, C-4, D-3",
        "A-3, B-1, C-4, D-2",
      ],
      explanation:
        "रामसर अभिसमय (1971) आर्द्रभूमियों का और मॉन्ट्रियल प्रोटोकॉल (1987) ओज़ोन परत का संरक्षण करता है, साइटीज़ (1973) संकटग्रस्त वन्य प्रजातियों के व्यापार को नियंत्रित करता है, और बॉन अभिसमय (1979) प्रवासी प्रजातियों का संरक्षण करता है।",
    },
  },
  {
    text: [
      "Consider the following:",
      "**Assertion (A):** A rise in the repo rate tends to make bank loans costlier.",
      "**Reason (R):** The repo rate is the rate at which the RBI lends short-term funds to commercial banks.",
      "Which one of the following is correct?",
    ].join("\n"),
    options: [
      "Both A and R are true, and R is the correct explanation of A",
      "Both A and R are true, but R is not the correct explanation of A",
      "A is true, but R is false",
      "A is false, but R is true",
    ],
    answer: "A",
    explanation:
      "Both are true: when the RBI's lending rate to banks rises, the banks' cost of funds rises and they pass it on as costlier loans, so R explains A.",
    hi: {
      text: [
        "निम्नलिखित पर विचार कीजिए:",
        "**अभिकथन (A):** रेपो दर बढ़ने से बैंक ऋण प्रायः महँगे हो जाते हैं।",
        "**कारण (R):** रेपो दर वह दर है जिस पर आरबीआई वाणिज्यिक बैंकों को अल्पावधि के लिए धन उधार देता है।",
        "निम्नलिखित में से कौन-सा सही है?",
      ].join("\n"),
      options: [
        "A और R दोनों सही हैं, और R, A की सही व्याख्या है",
        "A और R दोनों सही हैं, परंतु R, A की सही व्याख्या नहीं है",
        "A सही है, परंतु R गलत है",
        "A गलत है, परंतु R सही है",
      ],
      explanation:
        "दोनों सही हैं: जब आरबीआई बैंकों को दिए जाने वाले ऋण की दर बढ़ाता है, तो बैंकों की धन जुटाने की लागत बढ़ती है और वे इसे महँगे ऋणों के रूप में आगे बढ़ाते हैं; इसलिए R, A की सही व्याख्या है।",
    },
  },
];

/**
 * The "Prelims 2021 Pattern" paper (free): questions on the topics the 2024 and 2023 papers ask
 * too, so the PYQ explorer's topic-by-year counts show a trend, each with its Hindi version.
 */
export const PYQ_2021: DemoQuestion[] = [
  {
    text: "Which Schedule of the Constitution contains the Union, State and Concurrent Lists?",
    options: ["Fifth Schedule", "Sixth Schedule", "Seventh Schedule", "Ninth Schedule"],
    answer: "C",
    explanation:
      "The Seventh Schedule, read with Article 246, divides the subjects of law-making into the Union, State and Concurrent Lists.",
    hi: {
      text: "संविधान की कौन-सी अनुसूची में संघ, राज्य और समवर्ती सूचियाँ हैं?",
      options: ["पाँचवीं अनुसूची", "छठी अनुसूची", "सातवीं अनुसूची", "नौवीं अनुसूची"],
      explanation:
        "सातवीं अनुसूची, अनुच्छेद 246 के साथ, क़ानून बनाने के विषयों को संघ, राज्य और समवर्ती सूचियों में बाँटती है।",
    },
  },
  {
    text: "Who presides over a joint sitting of the two Houses of Parliament?",
    options: [
      "The President",
      "The Vice-President",
      "The Speaker of the Lok Sabha",
      "The Prime Minister",
    ],
    answer: "C",
    explanation:
      "The Speaker of the Lok Sabha presides (Article 118(4)); in the Speaker's absence, the Deputy Speaker.",
    hi: {
      text: "संसद के दोनों सदनों की संयुक्त बैठक की अध्यक्षता कौन करता है?",
      options: ["राष्ट्रपति", "उपराष्ट्रपति", "लोकसभा अध्यक्ष", "प्रधानमंत्री"],
      explanation:
        "लोकसभा अध्यक्ष इसकी अध्यक्षता करते हैं (अनुच्छेद 118(4)); उनकी अनुपस्थिति में लोकसभा उपाध्यक्ष।",
    },
  },
  {
    text: "The writ of habeas corpus is issued to:",
    options: [
      "produce a detained person before the court",
      "stop a lower court from exceeding its jurisdiction",
      "command a public official to perform a duty",
      "ask by what authority a person holds a public office",
    ],
    answer: "A",
    explanation:
      "Habeas corpus orders that a detained person be produced before the court, which then examines whether the detention is lawful.",
    hi: {
      text: "बंदी प्रत्यक्षीकरण (हेबियस कॉर्पस) रिट किसलिए जारी की जाती है?",
      options: [
        "हिरासत में लिए गए व्यक्ति को न्यायालय के सामने प्रस्तुत करने के लिए",
        "निचले न्यायालय को उसके क्षेत्राधिकार से आगे जाने से रोकने के लिए",
        "किसी लोक अधिकारी को उसका कर्तव्य करने का आदेश देने के लिए",
        "यह पूछने के लिए कि कोई व्यक्ति किस अधिकार से लोक पद पर है",
      ],
      explanation:
        "यह रिट आदेश देती है कि हिरासत में लिए गए व्यक्ति को न्यायालय के सामने प्रस्तुत किया जाए, जो फिर जाँचता है कि हिरासत वैध है या नहीं।",
    },
  },
  {
    text: "The Non-Cooperation Movement was withdrawn after the incident at:",
    options: ["Jallianwala Bagh", "Chauri Chaura", "Champaran", "Bardoli"],
    answer: "B",
    explanation:
      "Gandhi called it off in February 1922 after a crowd set fire to the police station at Chauri Chaura, near Gorakhpur.",
    hi: {
      text: "असहयोग आंदोलन किस स्थान की घटना के बाद वापस लिया गया?",
      options: ["जलियाँवाला बाग", "चौरी चौरा", "चंपारण", "बारदोली"],
      explanation:
        "फ़रवरी 1922 में गोरखपुर के पास चौरी चौरा में भीड़ द्वारा थाने में आग लगाने के बाद गांधीजी ने इसे वापस ले लिया।",
    },
  },
  {
    text: "Who introduced the Subsidiary Alliance system?",
    options: ["Lord Cornwallis", "Lord Dalhousie", "Lord Wellesley", "Lord Curzon"],
    answer: "C",
    explanation:
      "Lord Wellesley (Governor-General 1798–1805): an Indian ruler kept a British force at his own cost and came under British protection.",
    hi: {
      text: "सहायक संधि प्रणाली किसने शुरू की?",
      options: ["लॉर्ड कॉर्नवालिस", "लॉर्ड डलहौज़ी", "लॉर्ड वेलेज़ली", "लॉर्ड कर्ज़न"],
      explanation:
        "लॉर्ड वेलेज़ली (गवर्नर-जनरल 1798–1805): भारतीय शासक अपने खर्च पर एक अंग्रेज़ी सेना रखता था और ब्रिटिश संरक्षण में आ जाता था।",
    },
  },
  {
    text: "Which of these rivers flows westward into the Arabian Sea?",
    options: ["Godavari", "Krishna", "Mahanadi", "Narmada"],
    answer: "D",
    explanation:
      "The Narmada flows west through a rift valley into the Gulf of Khambhat; the other three flow east into the Bay of Bengal.",
    hi: {
      text: "इनमें से कौन-सी नदी पश्चिम की ओर बहकर अरब सागर में गिरती है?",
      options: ["गोदावरी", "कृष्णा", "महानदी", "नर्मदा"],
      explanation:
        "नर्मदा एक भ्रंश घाटी से होकर पश्चिम की ओर बहती है और खंभात की खाड़ी में गिरती है; बाकी तीनों नदियाँ पूर्व की ओर बहकर बंगाल की खाड़ी में गिरती हैं।",
    },
  },
  {
    text: "The retreating (north-east) monsoon brings most of the winter rainfall of:",
    options: ["Punjab", "Tamil Nadu", "Rajasthan", "Assam"],
    answer: "B",
    explanation:
      "From October to December the north-east winds pick up moisture over the Bay of Bengal and bring rain to the Tamil Nadu coast.",
    hi: {
      text: "लौटता हुआ (उत्तर-पूर्वी) मानसून किस राज्य में शीतकाल की अधिकांश वर्षा लाता है?",
      options: ["पंजाब", "तमिलनाडु", "राजस्थान", "असम"],
      explanation:
        "अक्टूबर से दिसंबर तक उत्तर-पूर्वी पवनें बंगाल की खाड़ी से नमी लेकर तमिलनाडु के तट पर वर्षा करती हैं।",
    },
  },
  {
    text: "Which of these is NOT a quantitative tool of monetary policy?",
    options: [
      "Cash Reserve Ratio",
      "Open market operations",
      "Moral suasion",
      "Statutory Liquidity Ratio",
    ],
    answer: "C",
    explanation:
      "Moral suasion is a qualitative tool: the RBI persuades banks instead of changing the quantity of money and credit.",
    hi: {
      text: "इनमें से कौन-सा मौद्रिक नीति का मात्रात्मक उपकरण नहीं है?",
      options: [
        "नकद आरक्षित अनुपात",
        "खुले बाज़ार की क्रियाएँ",
        "नैतिक दबाव (मॉरल सुएशन)",
        "सांविधिक तरलता अनुपात",
      ],
      explanation:
        "नैतिक दबाव एक गुणात्मक उपकरण है: आरबीआई मुद्रा और ऋण की मात्रा बदलने के बजाय बैंकों को समझा-बुझाकर प्रेरित करता है।",
    },
  },
  {
    text: "The primary deficit is:",
    options: [
      "the fiscal deficit minus interest payments",
      "the revenue deficit minus grants for creating capital assets",
      "the fiscal deficit plus interest payments",
      "the revenue deficit plus the capital deficit",
    ],
    answer: "A",
    explanation:
      "The primary deficit is the fiscal deficit less interest payments: what the government borrows for spending other than interest.",
    hi: {
      text: "प्राथमिक घाटा क्या है?",
      options: [
        "राजकोषीय घाटा घटा ब्याज भुगतान",
        "राजस्व घाटा घटा पूँजीगत परिसंपत्तियों के सृजन हेतु अनुदान",
        "राजकोषीय घाटा जमा ब्याज भुगतान",
        "राजस्व घाटा जमा पूँजीगत घाटा",
      ],
      explanation:
        "प्राथमिक घाटा राजकोषीय घाटे में से ब्याज भुगतान घटाने पर मिलता है: ब्याज के अलावा अन्य खर्चों के लिए सरकार की उधारी।",
    },
  },
  {
    text: "The Kyoto Protocol is associated with:",
    options: [
      "Ozone depletion",
      "Greenhouse gas emissions",
      "Wetland conservation",
      "Trade in endangered species",
    ],
    answer: "B",
    explanation:
      "The 1997 Kyoto Protocol to the UNFCCC set binding targets for developed countries to cut their greenhouse gas emissions.",
    hi: {
      text: "क्योटो प्रोटोकॉल किससे संबंधित है?",
      options: ["ओज़ोन क्षरण", "ग्रीनहाउस गैस उत्सर्जन", "आर्द्रभूमि संरक्षण", "संकटग्रस्त प्रजातियों का व्यापार"],
      explanation:
        "1997 का क्योटो प्रोटोकॉल (UNFCCC के अंतर्गत) विकसित देशों के लिए ग्रीनहाउस गैस उत्सर्जन घटाने के बाध्यकारी लक्ष्य तय करता है।",
    },
  },
];

/**
 * The "Prelims 2025 Pattern" paper (premium): the PYQ explorer shows its questions to students
 * with a plan and tells the others how many it left out.
 */
export const PYQ_2025: DemoQuestion[] = [
  {
    text: "For how long can the Rajya Sabha hold back a Money Bill?",
    options: ["14 days", "30 days", "3 months", "6 months"],
    answer: "A",
    explanation:
      "Under Article 109 the Rajya Sabha must return a Money Bill within 14 days, with or without recommendations, which the Lok Sabha may reject.",
    hi: {
      text: "राज्यसभा किसी धन विधेयक को अधिकतम कितने समय तक रोक सकती है?",
      options: ["14 दिन", "30 दिन", "3 महीने", "6 महीने"],
      explanation:
        "अनुच्छेद 109 के अनुसार राज्यसभा को धन विधेयक 14 दिनों के भीतर, सिफ़ारिशों सहित या बिना, लौटाना होता है; लोकसभा उन सिफ़ारिशों को अस्वीकार कर सकती है।",
    },
  },
  {
    text: "Who appoints the judges of the Supreme Court of India?",
    options: ["The Chief Justice of India", "The President", "The Prime Minister", "Parliament"],
    answer: "B",
    explanation:
      "The President appoints them under Article 124(2), on the recommendation of the collegium headed by the Chief Justice of India.",
    hi: {
      text: "भारत के सर्वोच्च न्यायालय के न्यायाधीशों की नियुक्ति कौन करता है?",
      options: ["भारत के मुख्य न्यायाधीश", "राष्ट्रपति", "प्रधानमंत्री", "संसद"],
      explanation:
        "अनुच्छेद 124(2) के अंतर्गत राष्ट्रपति, भारत के मुख्य न्यायाधीश की अध्यक्षता वाले कॉलेजियम की सिफ़ारिश पर, उनकी नियुक्ति करते हैं।",
    },
  },
  {
    text: "The Quit India Movement was launched in:",
    options: ["1930", "1940", "1942", "1946"],
    answer: "C",
    explanation:
      "The Congress passed the Quit India resolution in Bombay on 8 August 1942, and Gandhi gave the call 'Do or Die'.",
    hi: {
      text: "भारत छोड़ो आंदोलन कब शुरू हुआ?",
      options: ["1930", "1940", "1942", "1946"],
      explanation:
        "कांग्रेस ने 8 अगस्त 1942 को बंबई में भारत छोड़ो प्रस्ताव पारित किया, और गांधीजी ने 'करो या मरो' का आह्वान किया।",
    },
  },
  {
    text: "Which body compiles the all-India Consumer Price Index (Combined)?",
    options: [
      "Reserve Bank of India",
      "National Statistical Office",
      "NITI Aayog",
      "Ministry of Finance",
    ],
    answer: "B",
    explanation:
      "The National Statistical Office (Ministry of Statistics and Programme Implementation) releases CPI (Combined) every month; the RBI's inflation target is set on it.",
    hi: {
      text: "अखिल भारतीय उपभोक्ता मूल्य सूचकांक (संयुक्त) कौन-सी संस्था तैयार करती है?",
      options: ["भारतीय रिज़र्व बैंक", "राष्ट्रीय सांख्यिकी कार्यालय", "नीति आयोग", "वित्त मंत्रालय"],
      explanation:
        "राष्ट्रीय सांख्यिकी कार्यालय (सांख्यिकी और कार्यक्रम कार्यान्वयन मंत्रालय) हर महीने CPI (संयुक्त) जारी करता है; आरबीआई का मुद्रास्फीति लक्ष्य इसी पर तय है।",
    },
  },
  {
    text: "Kaziranga National Park is best known for the:",
    options: ["One-horned rhinoceros", "Asiatic lion", "Snow leopard", "Nilgiri tahr"],
    answer: "A",
    explanation:
      "Kaziranga, in Assam, is home to about two-thirds of the world's greater one-horned rhinoceroses and is a World Heritage Site.",
    hi: {
      text: "काज़ीरंगा राष्ट्रीय उद्यान किसके लिए सबसे अधिक प्रसिद्ध है?",
      options: ["एक सींग वाला गैंडा", "एशियाई शेर", "हिम तेंदुआ", "नीलगिरि तहर"],
      explanation:
        "असम का काज़ीरंगा दुनिया के लगभग दो-तिहाई बड़े एक सींग वाले गैंडों का घर है और विश्व धरोहर स्थल है।",
    },
  },
  {
    text: "Which is the highest peak of peninsular India?",
    options: ["Doddabetta", "Mahendragiri", "Guru Shikhar", "Anamudi"],
    answer: "D",
    explanation:
      "Anamudi (about 2,695 m), in Kerala's Anaimalai Hills, is the highest peak south of the Himalayas.",
    hi: {
      text: "प्रायद्वीपीय भारत की सबसे ऊँची चोटी कौन-सी है?",
      options: ["डोडाबेट्टा", "महेंद्रगिरि", "गुरु शिखर", "अनामुडी"],
      explanation:
        "केरल की अनामलाई पहाड़ियों में स्थित अनामुडी (लगभग 2,695 मी) हिमालय के दक्षिण की सबसे ऊँची चोटी है।",
    },
  },
];
