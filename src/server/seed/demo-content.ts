type DemoNews = {
  key: string;
  title: string;
  daysAgo: number;
  excerpt: string;
  content: string;
  /** The Hindi version, shown when the interface is Hindi. */
  titleHi: string;
  excerptHi: string;
  contentHi: string;
};

export const DEMO_NEWS: DemoNews[] = [
  {
    key: "gst-council",
    title: "Cooperative Federalism and the GST Council",
    daysAgo: 0,
    excerpt:
      "How the GST Council balances the fiscal autonomy of states with a single national market, and why its voting design matters for GS Paper II.",
    content:
      "<h2>Why it matters</h2><p>The GST Council, created by Article 279A, is the first constitutional body where the Union and the states decide tax policy together. The Union holds one-third of the votes and the states two-thirds, and a decision needs three-fourths of the weighted votes.</p><h3>Points for the answer</h3><ul><li>Shared sovereignty over indirect taxes after the 101st Amendment.</li><li>Compensation cess and the end of the guaranteed 14% growth window.</li><li>Disputes: the Mohit Minerals judgment held that Council recommendations are persuasive, not binding.</li></ul><p><strong>Way forward:</strong> a dispute-resolution mechanism and wider consultation before rate changes.</p>",
    titleHi: "सहकारी संघवाद और जीएसटी परिषद",
    excerptHi:
      "जीएसटी परिषद राज्यों की राजकोषीय स्वायत्तता और एक राष्ट्रीय बाज़ार के बीच संतुलन कैसे बनाती है, और सामान्य अध्ययन प्रश्नपत्र II के लिए इसकी मतदान व्यवस्था क्यों अहम है।",
    contentHi:
      "<h2>यह क्यों महत्वपूर्ण है</h2><p>अनुच्छेद 279क के तहत बनी जीएसटी परिषद पहला संवैधानिक निकाय है जहाँ संघ और राज्य मिलकर कर नीति तय करते हैं। संघ के पास एक-तिहाई और राज्यों के पास दो-तिहाई मत हैं, और किसी निर्णय के लिए भारित मतों का तीन-चौथाई आवश्यक है।</p><h3>उत्तर के लिए बिंदु</h3><ul><li>101वें संशोधन के बाद अप्रत्यक्ष करों पर साझा संप्रभुता।</li><li>क्षतिपूर्ति उपकर और 14% गारंटीकृत वृद्धि की अवधि का अंत।</li><li>विवाद: मोहित मिनरल्स निर्णय के अनुसार परिषद की सिफ़ारिशें बाध्यकारी नहीं, प्रेरक हैं।</li></ul><p><strong>आगे की राह:</strong> विवाद-समाधान तंत्र और दरों में बदलाव से पहले व्यापक परामर्श।</p>",
  },
  {
    key: "monsoon-agriculture",
    title: "Monsoon Variability and Indian Agriculture",
    daysAgo: 1,
    excerpt:
      "Rain-fed farming still covers about half of India's net sown area. A look at climate-resilient practices, crop insurance and irrigation efficiency.",
    content:
      "<p>About half of India's net sown area depends on rain. Erratic onset, long dry spells and extreme rainfall events hit kharif output and rural incomes.</p><h3>Policy levers</h3><ol><li>Micro-irrigation under <em>Per Drop More Crop</em>.</li><li>Crop diversification towards millets and pulses.</li><li>Faster claim settlement under the crop insurance scheme.</li></ol><blockquote>Link this to GS Paper III: agriculture, water resources and disaster management.</blockquote>",
    titleHi: "मानसून की अनिश्चितता और भारतीय कृषि",
    excerptHi:
      "वर्षा-आधारित खेती आज भी भारत के निवल बोए गए क्षेत्र के लगभग आधे हिस्से में होती है। जलवायु-अनुकूल तरीक़े, फ़सल बीमा और सिंचाई दक्षता पर एक नज़र।",
    contentHi:
      "<p>भारत का लगभग आधा निवल बोया गया क्षेत्र वर्षा पर निर्भर है। मानसून का अनियमित आगमन, लंबे सूखे अंतराल और अति-वर्षा की घटनाएँ ख़रीफ़ उत्पादन और ग्रामीण आय को प्रभावित करती हैं।</p><h3>नीतिगत उपाय</h3><ol><li><em>प्रति बूँद अधिक फ़सल</em> के तहत सूक्ष्म सिंचाई।</li><li>मोटे अनाज और दालों की ओर फ़सल विविधीकरण।</li><li>फ़सल बीमा योजना में दावों का तेज़ निपटान।</li></ol><blockquote>इसे सामान्य अध्ययन प्रश्नपत्र III से जोड़ें: कृषि, जल संसाधन और आपदा प्रबंधन।</blockquote>",
  },
  {
    key: "semiconductor-mission",
    title: "India's Semiconductor Mission: Promise and Bottlenecks",
    daysAgo: 2,
    excerpt:
      "Fabrication plants need water, power, skills and a supplier base. What the incentive scheme offers and where the gaps remain.",
    content:
      "<p>Chips are the base of electronics, defence and automobiles. The India Semiconductor Mission offers fiscal support for fabs, display fabs and assembly, testing and packaging units.</p><h3>Challenges</h3><ul><li>Ultra-pure water and uninterrupted power.</li><li>A thin ecosystem of chemicals and gases suppliers.</li><li>Design talent that is strong, but mostly serves foreign firms.</li></ul><p>For the mains answer, connect it with supply-chain resilience and strategic autonomy.</p>",
    titleHi: "भारत का सेमीकंडक्टर मिशन: संभावनाएँ और बाधाएँ",
    excerptHi:
      "चिप निर्माण संयंत्रों को पानी, बिजली, कौशल और आपूर्तिकर्ताओं का आधार चाहिए। प्रोत्साहन योजना क्या देती है और कमियाँ कहाँ बाक़ी हैं।",
    contentHi:
      "<p>चिप इलेक्ट्रॉनिक्स, रक्षा और वाहन उद्योग का आधार हैं। भारत सेमीकंडक्टर मिशन फ़ैब, डिस्प्ले फ़ैब और असेंबली, परीक्षण व पैकेजिंग इकाइयों को वित्तीय सहायता देता है।</p><h3>चुनौतियाँ</h3><ul><li>अति-शुद्ध पानी और निर्बाध बिजली।</li><li>रसायनों और गैसों के आपूर्तिकर्ताओं का कमज़ोर तंत्र।</li><li>डिज़ाइन प्रतिभा मज़बूत है, पर अधिकतर विदेशी कंपनियों के लिए काम करती है।</li></ul><p>मुख्य परीक्षा के उत्तर में इसे आपूर्ति-शृंखला की मज़बूती और सामरिक स्वायत्तता से जोड़ें।</p>",
  },
  {
    key: "judicial-appointments",
    title: "Judicial Appointments: The Collegium Debate",
    daysAgo: 3,
    excerpt:
      "From the Second Judges Case to the NJAC verdict: how judges are appointed, the criticism of opacity, and reforms worth writing about.",
    content:
      "<p>The collegium system grew out of the Second (1993) and Third (1998) Judges Cases. In 2015 the Supreme Court struck down the National Judicial Appointments Commission as a threat to judicial independence.</p><h3>Arguments</h3><p>Supporters cite independence from the executive; critics point to opacity, delays and a lack of diversity.</p><p><strong>Reforms:</strong> a finalised Memorandum of Procedure, time limits for both sides and published reasons.</p>",
    titleHi: "न्यायिक नियुक्तियाँ: कॉलेजियम पर बहस",
    excerptHi:
      "द्वितीय न्यायाधीश मामले से एनजेएसी निर्णय तक: न्यायाधीशों की नियुक्ति कैसे होती है, अपारदर्शिता की आलोचना, और लिखने योग्य सुधार।",
    contentHi:
      "<p>कॉलेजियम प्रणाली द्वितीय (1993) और तृतीय (1998) न्यायाधीश मामलों से विकसित हुई। 2015 में सर्वोच्च न्यायालय ने राष्ट्रीय न्यायिक नियुक्ति आयोग को न्यायिक स्वतंत्रता के लिए ख़तरा मानते हुए रद्द कर दिया।</p><h3>तर्क</h3><p>समर्थक कार्यपालिका से स्वतंत्रता का हवाला देते हैं; आलोचक अपारदर्शिता, देरी और विविधता की कमी की ओर इशारा करते हैं।</p><p><strong>सुधार:</strong> अंतिम रूप से तय प्रक्रिया ज्ञापन, दोनों पक्षों के लिए समय-सीमा और प्रकाशित कारण।</p>",
  },
  {
    key: "mangroves",
    title: "Mangroves as Climate Shields",
    daysAgo: 4,
    excerpt:
      "Mangroves store carbon, break storm surges and nurture fisheries. Where India's mangroves are, what threatens them and what restoration needs.",
    content:
      "<p>India's mangroves are concentrated in the Sundarbans, the Andaman and Nicobar Islands and the Gulf of Kachchh. They store several times more carbon per hectare than most tropical forests.</p><h3>Threats</h3><ul><li>Aquaculture and reclamation.</li><li>Reduced freshwater flow from dammed rivers.</li><li>Sea-level rise squeezing the intertidal zone.</li></ul><p>Restoration succeeds when local communities share the benefits.</p>",
    titleHi: "जलवायु कवच के रूप में मैंग्रोव",
    excerptHi:
      "मैंग्रोव कार्बन संग्रहीत करते हैं, तूफ़ानी लहरों को तोड़ते हैं और मत्स्य पालन को पोषित करते हैं। भारत के मैंग्रोव कहाँ हैं, उन्हें किससे ख़तरा है और पुनर्स्थापन के लिए क्या चाहिए।",
    contentHi:
      "<p>भारत के मैंग्रोव मुख्यतः सुंदरबन, अंडमान और निकोबार द्वीप समूह और कच्छ की खाड़ी में हैं। वे प्रति हेक्टेयर अधिकांश उष्णकटिबंधीय वनों से कई गुना अधिक कार्बन संग्रहीत करते हैं।</p><h3>ख़तरे</h3><ul><li>जलीय कृषि और भूमि-पुनर्ग्रहण।</li><li>बाँधों के कारण मीठे पानी का घटता प्रवाह।</li><li>समुद्र-स्तर में वृद्धि से सिकुड़ता अंतर्ज्वारीय क्षेत्र।</li></ul><p>पुनर्स्थापन तब सफल होता है जब स्थानीय समुदाय लाभ में भागीदार हों।</p>",
  },
];

/**
 * The demo plans promise only what the product does: their limits are shown from the plan's own
 * fields (premium exams and quizzes per period, attempts at each, practice tests, answer
 * evaluations), so the features name the rest of what a plan really opens, never notes, videos,
 * mentors or live classes.
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
    practiceLimit: 10,
    evaluationLimit: 1,
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
    practiceLimit: 60,
    evaluationLimit: 4,
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
    practiceLimit: null,
    evaluationLimit: 10,
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
    practiceLimit: null,
    evaluationLimit: null,
    features: [
      "Every premium mock test, test series paper and quiz",
      "Rank, percentile and a report after each test",
      "My Progress: accuracy by subject and study time",
    ],
  },
];
