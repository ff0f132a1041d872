/** Demo blog posts: real paragraphs a wholesale buyer might read. Replaceable by the business. */
export const DEMO_BLOGS: { title: string; excerpt: string; paragraphs: string[] }[] = [
  {
    title: 'How Jaipur Became the Jewellery Capital of India',
    excerpt: 'From royal workshops to export houses: three centuries of craft in the Pink City.',
    paragraphs: [
      'When Maharaja Sawai Jai Singh II founded Jaipur in 1727, he invited gem cutters, enamellers and goldsmiths from across India to settle in the new city. Their workshops grew into the lanes of Johari Bazaar, which still trade stones and finished jewellery today.',
      'The city became famous for kundan and meenakari work, for cutting coloured gemstones such as emeralds and garnets, and later for silver jewellery made for export. Many families have passed their skills down for six or seven generations.',
      'For a wholesale buyer, this history matters: a Jaipur workshop can source stones, cast metal, set, enamel and polish within a few kilometres, which keeps lead times short and quality consistent.',
    ],
  },
  {
    title: '925 Sterling Silver: What Buyers Should Check',
    excerpt: 'Hallmarks, alloy, plating and finish: a practical checklist before you order.',
    paragraphs: [
      'Sterling silver is an alloy of 92.5 percent pure silver and 7.5 percent other metals, usually copper. The copper makes the metal hard enough to hold a setting and keep its shape on a ring band or an ear wire.',
      'Ask your supplier for the hallmark stamp, an assay report for each production lot, and the thickness of any rhodium or gold plating. A plating of at least one micron lasts noticeably longer on rings and bracelets, which rub against skin and surfaces all day.',
      'Finally, look at the finish under daylight: mirror polish, satin brush and oxidised textures each suit a different market, and a good workshop can match a sample finish across thousands of pieces.',
    ],
  },
  {
    title: 'Brass Jewellery: Affordable, Bold and Long-Lasting',
    excerpt: 'Why brass remains a favourite for statement pieces, and how to care for it.',
    paragraphs: [
      'Brass, an alloy of copper and zinc, has a warm golden tone that suits large statement earrings, cuffs and collar necklaces. It casts cleanly, takes fine detail and costs a fraction of precious metals.',
      'Modern brass jewellery is usually nickel-free and finished with a protective lacquer or gold plating to slow tarnishing. Customers with sensitive skin appreciate a clear note about nickel on the product label.',
      'Advise end customers to keep brass dry, store it in a closed pouch and wipe it with a soft cloth after wearing. With that little care a brass piece keeps its shine for years.',
    ],
  },
  {
    title: 'Choosing Gemstones for a Wholesale Collection',
    excerpt: 'Natural, lab-grown or glass: matching the stone to the price point and the customer.',
    paragraphs: [
      'Gemstones set the mood of a collection. Ruby red and emerald green read as festive and bridal; blue topaz and amethyst feel modern; pearls and moonstone stay timeless across seasons.',
      'Decide early whether the collection uses natural stones, lab-grown stones or glass and cubic zirconia. Each has a clear place: natural stones for fine silver lines, lab-grown for consistent colour at scale, and glass for fashion pieces with a short season.',
      'Whatever you choose, ask for the stone size tolerance and the setting style in writing. A 6 mm round bezel and a 6 mm round prong setting look and cost quite different once they are on the shelf.',
    ],
  },
  {
    title: 'Kundan and Polki: A Buyer\u2019s Guide',
    excerpt: 'Two classic Indian setting styles explained, with tips on what drives their price.',
    paragraphs: [
      'Kundan is a technique in which stones are set with thin sheets of refined gold foil pressed around them, without prongs. The result is a smooth, jewel-encrusted surface that catches the light across the whole piece.',
      'Polki uses uncut diamonds with their natural facets, often backed with foil to lift their sparkle. In fashion jewellery, polki-style pieces use glass or cubic zirconia with the same look at an accessible price.',
      'The price of a kundan or polki design depends mostly on the number of stones, the meenakari enamel on the back and the hours of hand setting. Ask for a breakdown when you compare quotations.',
    ],
  },
  {
    title: 'Fair Trade in Jewellery Manufacturing',
    excerpt: 'What fair wages, safe workshops and transparent sourcing look like on the shop floor.',
    paragraphs: [
      'Fair trade is more than a label. In a jewellery workshop it means fair wages paid on time, reasonable working hours, ventilation and protective equipment at polishing and casting stations, and no child labour anywhere in the chain.',
      'It also means traceable materials: recycled silver where possible, documented stone sources and responsible disposal of plating chemicals.',
      'Buyers can help by planning orders early, accepting realistic lead times and asking suppliers to show their practices during a visit. Long relationships make good working conditions affordable for everyone.',
    ],
  },
  {
    title: 'Custom Jewellery: From Sketch to Sample',
    excerpt: 'The steps of a custom design project and how long each one usually takes.',
    paragraphs: [
      'A custom project starts with a brief: a sketch, a mood board or a reference photograph, with the target price, metal and quantity. The clearer the brief, the fewer rounds of samples you will need.',
      'Next comes a technical drawing or a 3D model, followed by a wax or resin print for the master. Once the master is approved, the workshop makes rubber moulds and casts the first samples, usually within two to three weeks.',
      'After sample approval, production typically takes four to six weeks depending on quantity and finishing. Keeping one approved sample at each end lets both sides check production pieces against it.',
    ],
  },
  {
    title: 'Caring for Plated Jewellery',
    excerpt: 'Simple advice your customers can follow to keep gold and rhodium plating bright.',
    paragraphs: [
      'Plating is a thin layer of precious metal over a base metal such as brass or silver. It wears most where the piece rubs: the inside of rings, the clasp of a bracelet, the back of an earring.',
      'Perfume, lotion, chlorine and sea water shorten the life of any plating. Put jewellery on last, after cosmetics, and take it off before swimming, exercising or cleaning.',
      'Store each piece separately in a soft pouch, and clean it with a dry microfibre cloth rather than polishing pastes, which can strip the plating away.',
    ],
  },
  {
    title: 'Visiting a Jaipur Showroom: What to Expect',
    excerpt: 'Plan your trip: appointments, sample rooms, factory visits and shipping.',
    paragraphs: [
      'Most Jaipur manufacturers receive buyers by appointment, so write ahead with your dates and the categories you want to see. That way the team can lay out the right sample trays and have a designer available.',
      'A visit usually includes the showroom, a walk through the workshop and a meeting to shortlist designs and agree prices, quantities and finishes. Bring photographs of your best sellers; they are the quickest way to explain your market.',
      'The best months to visit are October to March, when the weather is pleasant and the trade fairs are on. Jaipur is well connected by air to Delhi and Mumbai.',
    ],
  },
  {
    title: 'Trends for the Coming Season in Fashion Jewellery',
    excerpt: 'Layering, sculptural gold, coloured stones and pearls: what retailers are asking for.',
    paragraphs: [
      'Layering continues to lead: fine chains, small pendants and stacking rings that customers combine in their own way. Offer them in matching metals so pieces can be bought together.',
      'Sculptural, organic shapes in gold-plated brass are popular for earrings and cuffs, often with a brushed or hammered texture instead of a mirror polish.',
      'Colour is back, with candy-coloured stones in simple bezel settings, and pearls appear everywhere, from classic studs to irregular baroque pearls on chunky chains.',
    ],
  },
  {
    title: 'Packing and Shipping Jewellery Internationally',
    excerpt: 'Documentation, packaging and duties: how wholesale jewellery travels safely.',
    paragraphs: [
      'Each piece should be packed individually in an anti-tarnish bag, labelled with its design code, and grouped by order line. That makes counting on arrival quick and avoids scratches in transit.',
      'Shipments need a commercial invoice, a packing list and, depending on the destination, a certificate of origin. Silver and gold jewellery may need hallmark or assay documents in some countries.',
      'Courier services suit smaller orders and samples, while larger orders often travel as air cargo. Agree the Incoterms in advance so both sides know who pays for duties and insurance.',
    ],
  },
];
